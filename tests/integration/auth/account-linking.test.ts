import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, users } from "@/db/schema";
import { answerConsent, type ConsentChoice } from "@/sandbox/testing";
import { ApiClient, registeredClient, uniqueEmail } from "../../fixtures/api-client";
import { numericId, sandbox } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";

/**
 * Sign-in with Google or Facebook when the e-mail already has an account: linked
 * automatically only when the provider vouches for the address (Google's email_verified); otherwise
 * the person is sent to the login page to sign in to the existing account first.
 */

const NOT_LINKED = "/login?error=OAuthAccountNotLinked";

/** The whole browser round trip through the sandbox; returns where the app sends the browser at the end. */
async function signInWith(client: ApiClient, provider: "google" | "facebook", choice: ConsentChoice) {
  const started = await client.get(`/api/social/auth/${provider}/url?intent=login`);
  expect(started.status, started.text).toBe(200);
  const callback = await answerConsent((started.body.data as { authUrl: string }).authUrl, choice);
  const finished = await client.get(`${callback.pathname}${callback.search}`);
  expect(finished.status, finished.text).toBe(302);
  const location = new URL(finished.headers.get("location")!, client.baseUrl);
  return `${location.pathname}${location.search}`;
}

async function linkedAccounts(provider: string, userId: string) {
  return testDb()
    .select()
    .from(accounts)
    .where(and(eq(accounts.provider, provider), eq(accounts.userId, userId)));
}

async function newFacebookUser() {
  const id = numericId();
  await sandbox().defineFacebookUser({ id, name: `Facebook ${id}`, email: `${id}@example.com`, pages: [] });
  return id;
}

describe("signing in with a provider whose e-mail already has an account", () => {
  it("Google with a verified address signs in to that account and links it", async () => {
    const { email, user } = await registeredClient("Verified Owner");
    const client = new ApiClient();
    expect(await signInWith(client, "google", { name: "Someone", email })).toBe("/dashboard");
    expect((await client.get("/api/auth/me")).body).toMatchObject({ user: { id: user.id, email } });
    expect(await linkedAccounts("google", user.id)).toHaveLength(1);
  });

  it("Google with an unverified address is sent to sign in first: no session, no link, no second account", async () => {
    const { email, user } = await registeredClient("Unverified Owner");
    const client = new ApiClient();
    expect(await signInWith(client, "google", { name: "Intruder", email, emailVerified: false })).toBe(NOT_LINKED);
    expect((await client.get("/api/auth/me")).status).toBe(401);
    expect(await linkedAccounts("google", user.id)).toHaveLength(0);
    expect(await testDb().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("Google with an unverified address nobody uses creates a new account as before", async () => {
    const email = uniqueEmail("fresh");
    const client = new ApiClient();
    expect(await signInWith(client, "google", { name: "Fresh Person", email, emailVerified: false })).toBe(
      "/dashboard",
    );
    expect((await client.get("/api/auth/me")).body).toMatchObject({ user: { email } });
  });

  it("Facebook never links by e-mail: the person is sent to sign in to the existing account first", async () => {
    const { email, user } = await registeredClient("Facebook Victim");
    await newFacebookUser();
    const client = new ApiClient();
    expect(await signInWith(client, "facebook", { email })).toBe(NOT_LINKED);
    expect((await client.get("/api/auth/me")).status).toBe(401);
    expect(await linkedAccounts("facebook", user.id)).toHaveLength(0);
    expect(await testDb().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("signed in to the existing account, the person links Facebook there, and it signs them in afterwards", async () => {
    const { client, email, user } = await registeredClient("Linking Owner");
    await newFacebookUser();
    await signInWith(client, "facebook", { email });
    expect(await linkedAccounts("facebook", user.id)).toHaveLength(1);

    await newFacebookUserSameAs();
    const later = new ApiClient();
    expect(await signInWith(later, "facebook", { email })).toBe("/dashboard");
    expect((await later.get("/api/auth/me")).body).toMatchObject({ user: { id: user.id } });

    // The sandbox's consent screen shows its latest defined user: show the linked one again.
    async function newFacebookUserSameAs() {
      const [link] = await linkedAccounts("facebook", user.id);
      await sandbox().defineFacebookUser({ id: link!.providerAccountId, name: "Again", email, pages: [] });
    }
  });
});
