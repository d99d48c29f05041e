import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResetTokens, users } from "@/db/schema";
import { PASSWORD_RESET_LINK_INVALID, PASSWORD_RESET_REQUESTED } from "@/lib/auth/schemas";
import { ApiClient, registeredClient, uniqueEmail } from "../../fixtures/api-client";
import { mailTo, resetLinkIn, waitForMail } from "../../fixtures/mail";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/** 'Forgot your password?': a one-use link by e-mail, through the sandbox's mail catcher. */

const sandboxUrl = () => testStack().sandboxUrl;
/** Each test its own client IP, so the per-IP limit of one test never touches another. */
const fromIp = () => ({ "X-Forwarded-For": `10.${randomBytes(3).join(".")}` });

function requestReset(email: string, headers: Record<string, string> = fromIp()) {
  return new ApiClient().request("POST", "/api/auth/password-reset", { json: { email }, headers });
}

function confirmReset(token: string, password: string) {
  return new ApiClient().post("/api/auth/password-reset/confirm", { token, password, password2: password });
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe("POST /api/auth/password-reset", () => {
  it("mails a link to the account's address; the link works once and ends every session", async () => {
    const { client, email, password, user } = await registeredClient();
    const other = new ApiClient();
    expect((await other.post("/api/auth/login", { email, password })).status).toBe(200);

    const response = await requestReset(email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: PASSWORD_RESET_REQUESTED });

    const [mail] = await waitForMail(sandboxUrl(), email);
    expect(mail!.subject).toBe("Reset your Postloom password");
    const link = resetLinkIn(mail!);
    expect(link.startsWith(`${testStack().appUrl}/reset-password?token=`)).toBe(true);

    // Only a hash of the token is stored.
    const rows = await testDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(tokenOf(link));
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);

    const page = await new ApiClient().get(new URL(link).pathname + new URL(link).search);
    expect(page.status).toBe(200);
    expect(page.text).toContain("New password");

    const reset = await confirmReset(tokenOf(link), "reset to this one");
    expect(reset.status, reset.text).toBe(200);
    expect((await client.get("/api/auth/me")).status).toBe(401);
    expect((await other.get("/api/auth/me")).status).toBe(401);
    expect((await new ApiClient().post("/api/auth/login", { email, password })).status).toBe(401);
    expect((await new ApiClient().post("/api/auth/login", { email, password: "reset to this one" })).status).toBe(200);

    const again = await confirmReset(tokenOf(link), "and once more");
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      success: false,
      error: PASSWORD_RESET_LINK_INVALID,
      code: "reset_link_invalid",
    });
    expect((await new ApiClient().post("/api/auth/login", { email, password: "and once more" })).status).toBe(401);
    const usedPage = await new ApiClient().get(new URL(link).pathname + new URL(link).search);
    expect(usedPage.text).toContain(PASSWORD_RESET_LINK_INVALID);
  });

  it("answers the same for an unknown e-mail, and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const known = await registeredClient();
    const unknownAnswer = await requestReset(email);
    const knownAnswer = await requestReset(known.email);
    expect(unknownAnswer.status).toBe(knownAnswer.status);
    expect(unknownAnswer.text).toBe(knownAnswer.text);
    await waitForMail(sandboxUrl(), known.email);
    expect(await mailTo(sandboxUrl(), email)).toEqual([]);
  });

  it("refuses an expired link, and using one link kills the others", async () => {
    const { email, user } = await registeredClient();
    const ip = fromIp();
    const nextLink = async (n: number) => {
      expect((await requestReset(email, ip)).status).toBe(200);
      return tokenOf(resetLinkIn((await waitForMail(sandboxUrl(), email, n))[0]!));
    };
    const [expiring, used, other] = [await nextLink(1), await nextLink(2), await nextLink(3)];
    const db = testDb();
    const passwordHash = async () => (await db.select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash;
    const before = await passwordHash();

    // An hour passes for the first link only.
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, createHash("sha256").update(expiring).digest("hex")));
    const expired = await confirmReset(expiring, "too late now");
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe("reset_link_invalid");
    expect(await passwordHash()).toBe(before);

    expect((await confirmReset(used, "just in time")).status).toBe(200);
    const killed = await confirmReset(other, "sneaking in");
    expect(killed.status).toBe(400);
    expect((await new ApiClient().post("/api/auth/login", { email, password: "just in time" })).status).toBe(200);
  });

  it("throttles per e-mail (whether or not it has an account) and per IP", async () => {
    const email = uniqueEmail("flood");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await requestReset(email)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);

    const ip = fromIp();
    const perIp: number[] = [];
    for (let i = 0; i < 22; i += 1) perIp.push((await requestReset(uniqueEmail("spray"), ip)).status);
    expect(perIp).toEqual([...Array<number>(20).fill(200), 429, 429]);
  });

  it("refuses a bad body with 400 and a made-up token with the link message", async () => {
    expect((await new ApiClient().post("/api/auth/password-reset", { email: "nope" })).status).toBe(400);
    const made = await confirmReset("made-up-token", "whatever1");
    expect(made.status).toBe(400);
    expect(made.body.error).toBe(PASSWORD_RESET_LINK_INVALID);
    const short = await new ApiClient().post("/api/auth/password-reset/confirm", {
      token: "x",
      password: "123",
      password2: "123",
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("Password must be at least 6 characters");
  });
});
