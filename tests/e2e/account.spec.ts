import { existsSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import { appMediaRoot, pngBytes } from "../fixtures/media-files";
import {
  connectFacebookPages,
  databaseUrl,
  expect,
  forgetSession,
  formError,
  numericId,
  openConnectDialog,
  sandboxUrl,
  signUp,
  test,
} from "./fixtures";

/** Settings › Profile: editing the name and e-mail, and deleting the account with everything in it. */

async function query<T>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function openProfile(page: Page) {
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile", level: 2 })).toBeVisible();
}

async function connectProfile(page: Page, platform: "Twitter/X" | "LinkedIn", name: string) {
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("button", { name: new RegExp(platform.replace("/", "\\/")) }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  // X's consent offers the sandbox's default account: a username of this test's own keeps other
  // tests' posts out of this account.
  if (platform === "Twitter/X") await page.getByLabel("Username").fill(`u${numericId().slice(-10)}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

async function uploadPng(page: Page) {
  const response = await page.request.post("/api/media/upload", {
    multipart: { media: { name: "photo.png", mimeType: "image/png", buffer: pngBytes(6, 6) } },
  });
  expect(response.status()).toBe(201);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("edit the name and the e-mail (the new address needs the password, then signs in)", async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signUp(page);
  await openProfile(page);
  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Hopper");

  const next = `moved-${user.email}`;
  await page.getByLabel("Email address").fill(next);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(formError(page)).toHaveText("Enter your current password to change your email address");
  await page.getByLabel("Current password").fill("not my password");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(formError(page)).toHaveText("Current password is incorrect");
  await page.getByLabel("Current password").fill(user.password);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();

  // 'Change password' leads to the Security form rather than a second copy of it.
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("tab", { name: "Security" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("New password", { exact: true })).toBeVisible();

  await forgetSession(page);
  await signIn(page, next, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("deleting the account removes its posts, media files and tokens, revokes each platform's grant and ends the session; another user's data stays", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // Another person, with a post of their own.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUp(other);
  const otherFacebook = await connectFacebookPages(other, ["Other Page"]);
  const otherPost = await other.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId: otherFacebook.ourPages[0]!.id, platform: "facebook" }], content: "Mine" },
  });
  expect(otherPost.status()).toBe(201);
  await uploadPng(other);

  const user = await signUp(page);
  const facebook = await connectFacebookPages(page, ["Doomed Page"]);
  await connectProfile(page, "Twitter/X", "Doomed on X");
  await connectProfile(page, "LinkedIn", "Doomed on LinkedIn");
  // LinkedIn does not give a member's followers: the dashboard says so rather than showing 0.
  const linkedIn = page.getByRole("region", { name: "LinkedIn" });
  await expect(linkedIn.getByText("1 page · followers not available")).toBeVisible();
  await expect(linkedIn.getByText("Followers not available", { exact: true })).toBeVisible();
  const created = await page.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId: facebook.ourPages[0]!.id, platform: "facebook" }], content: "Bye" },
  });
  expect(created.status()).toBe(201);
  await uploadPng(page);

  const [owner] = await query<{ id: string }>("select id from users where email = $1", [user.email]);
  const accounts = await query<{ platform: string; platform_account_id: string }>(
    "select platform, platform_account_id from social_accounts where workspace_id = $1",
    [owner!.id],
  );
  expect(accounts.map((account) => account.platform).sort()).toEqual(["facebook", "linkedin", "twitter"]);
  const files = (
    await query<{ storage_key: string }>("select storage_key from media where workspace_id = $1", [owner!.id])
  ).map((row) => path.join(appMediaRoot(), row.storage_key));
  expect(files).toHaveLength(1);
  expect(existsSync(files[0]!)).toBe(true);

  await openProfile(page);
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  const confirm = dialog.getByRole("button", { name: "Delete account permanently" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill("not it");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(user.email);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account and all of its data have been deleted.")).toBeVisible();

  // Rows, tokens and files are gone.
  for (const table of [
    "users where id",
    "workspaces where id",
    "workspace_members where user_id",
    "posts where workspace_id",
    "social_accounts where workspace_id",
    "social_pages where workspace_id",
    "media where workspace_id",
    "user_sessions where user_id",
  ])
    expect(await query(`select 1 from ${table} = $1`, [owner!.id]), table).toEqual([]);
  expect(existsSync(files[0]!)).toBe(false);
  // Each platform was asked to end its grant.
  const revocations = (
    (await (await fetch(`${sandboxUrl()}/_control/revocations`)).json()) as {
      revocations: { platform: string; subject: string | null }[];
    }
  ).revocations;
  for (const account of accounts)
    expect(
      revocations.filter(
        (entry) => entry.platform === account.platform && entry.subject === account.platform_account_id,
      ),
      account.platform,
    ).toHaveLength(1);
  // Signed out, and the password signs in no more.
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  await signIn(page, user.email, user.password);
  await expect(formError(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The other person still has everything.
  const otherPosts = await other.request.get("/api/post?limit=50&page=1");
  expect(((await otherPosts.json()) as { posts: { content: string }[] }).posts.map((post) => post.content)).toEqual([
    "Mine",
  ]);
  expect(((await (await other.request.get("/api/media/user")).json()) as { data: unknown[] }).data).toHaveLength(1);
  expect(((await (await other.request.get("/api/social/accounts")).json()) as { data: unknown[] }).data).toHaveLength(
    1,
  );
  await otherContext.close();
});
