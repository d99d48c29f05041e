import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, signUp, sandboxUrl, test } from "./fixtures";

const numericId = () => String(randomBytes(6).readUIntBE(0, 6));

async function control(path: string, body?: unknown) {
  const response = await fetch(`${sandboxUrl()}/_control${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function defineFacebookUser() {
  const id = numericId();
  const pages = ["Ada's Bakery", "Ada's Books", "Ada's Bikes"].map((name, index) => ({
    id: numericId(),
    name: `${name} ${id.slice(-4)}`,
    category: "Local business",
    fan_count: 1200 * (index + 1),
    tasks: ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"],
  }));
  await control("/facebook/users", { id, name: "Ada Facebook", email: `ada-${id}@example.com`, pages });
  return { id, pages };
}

async function openConnectDialog(page: Page) {
  await page.goto("/dashboard");
  const first = page.getByRole("button", { name: "Connect Account" });
  const add = page.getByRole("button", { name: "Add Account" });
  await expect(first.or(add).first()).toBeVisible();
  if (await first.isVisible()) {
    await expect(page.getByRole("heading", { name: "Connect Your First Account" })).toBeVisible();
    await first.click();
  } else {
    await add.click();
  }
  return page.getByRole("dialog", { name: "Connect Social Account" });
}

/** Our page ids (PageSummary.id) by the platform's page id. */
async function dashboardPageIds(page: Page) {
  const accounts = (await (await page.request.get("/api/social/accounts")).json()) as {
    data: { pages: { id: string; pageId: string }[] }[];
  };
  return new Map(accounts.data.flatMap((account) => account.pages.map((item) => [item.pageId, item.id] as const)));
}

async function connectProfile(page: Page, platform: "Twitter/X" | "LinkedIn", name: string) {
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("button", { name: new RegExp(platform.replace("/", "\\/")) }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(`Successfully connected your ${platform} account!`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

test("connect Facebook (2 of 3 pages), X and LinkedIn; expire, refresh and disconnect", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const fb = await defineFacebookUser();
  const [kept1, kept2, skipped] = fb.pages as [(typeof fb.pages)[0], (typeof fb.pages)[0], (typeof fb.pages)[0]];

  // Facebook: consent in the sandbox, then choose two of the three pages in our modal.
  const dialog = await openConnectDialog(page);
  await expect(dialog.getByRole("button", { name: /Instagram/ })).toBeDisabled();
  await expect(dialog.getByText("Soon").first()).toBeVisible();
  await dialog.getByRole("button", { name: /Facebook/ }).click();
  await expect(page).toHaveTitle(/Facebook/);
  await page.getByRole("button", { name: "Approve" }).click();

  const selection = page.getByRole("dialog", { name: "Select Facebook Pages" });
  await expect(selection).toBeVisible();
  await expect(page.getByText("Select Facebook Pages to connect")).toBeVisible();
  await expect(selection.getByRole("button", { name: "Connect 0 Page(s)" })).toBeDisabled();
  // Nothing looks chosen on opening: no Page is pressed or holds the focus; the dialog does.
  await expect(selection).toBeFocused();
  await expect(
    selection.getByRole("list", { name: "Facebook Pages" }).getByRole("button", { pressed: true }),
  ).toHaveCount(0);
  // Facebook's task codes in words: the first three, then '+N more'.
  const firstChoice = selection.getByRole("button").filter({ hasText: kept1.name });
  await expect(firstChoice).toContainText("View insights");
  await expect(firstChoice).toContainText("Advertise");
  await expect(firstChoice).toContainText("Moderate");
  await expect(firstChoice).toContainText("+2 more");
  await expect(firstChoice).not.toContainText("ANALYZE");
  await selection.getByText(kept1.name).click();
  await selection.getByText(kept2.name).click();
  await expect(selection.getByText("2 page(s) selected for connection")).toBeVisible();
  await selection.getByRole("button", { name: "Connect 2 Page(s)" }).click();
  await expect(page.getByText("Successfully connected your Facebook account!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

  for (const kept of [kept1, kept2]) {
    const card = page.getByRole("article").filter({ hasText: kept.name });
    await expect(card.getByText("Active")).toBeVisible();
    await expect(card.getByRole("list", { name: "Permissions" })).toHaveText(
      /View insights.*Advertise.*Moderate.*\+2 more/,
    );
  }
  await expect(page.getByText(skipped.name)).toHaveCount(0);

  // X and LinkedIn.
  await connectProfile(page, "Twitter/X", "Ada on X");
  await connectProfile(page, "LinkedIn", "Ada on LinkedIn");
  await expect(page.getByRole("article").filter({ hasText: "Ada on X" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Ada on LinkedIn" })).toBeVisible();

  await page.goto("/settings");
  // A card per Page: the two Pages of one Facebook login count two.
  await expect(page.getByRole("button", { name: "All (4)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Facebook (2)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Twitter (1)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "LinkedIn (1)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Instagram (0)" })).toBeVisible();

  // A page token dies at Facebook; 'Refresh Data' finds out, the dashboard shows it, 'Refresh Token' mends it.
  await control(`/facebook/pages/${kept1.id}/expire-token`);
  await page.getByRole("button", { name: "Facebook (2)" }).click();
  const expiredPage = page.getByRole("article").filter({ hasText: kept1.name });
  await expiredPage.getByRole("button", { name: "Refresh Data" }).click();
  // It says it is done, once the card shows what it found: the Page whose token died, not its sibling.
  await expect(page.getByText("Account data refreshed")).toBeVisible();
  await expect(expiredPage.getByText("⚠ Token Expired")).toBeVisible();
  await expect(expiredPage.getByText("OAuth token has expired")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: kept2.name }).getByText("✓ Connected")).toBeVisible();

  await page.goto("/dashboard");
  const expiredCard = page.getByRole("article").filter({ hasText: kept1.name });
  await expect(expiredCard.getByText("Token expired")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: kept2.name }).getByText("Active")).toBeVisible();
  // One 'Create Post' per network, for the Pages whose token works: kept2's, not the expired one's.
  const createOnFacebook = page.getByRole("link", { name: "Create Post on Facebook" });
  const ourPages = await dashboardPageIds(page);
  await expect(createOnFacebook).toHaveAttribute("href", `/create-post?pageId=${ourPages.get(kept2.id)}`);
  await expiredCard.getByRole("button", { name: "Refresh Token" }).click();
  await expect(expiredCard.getByText("Active")).toBeVisible();
  await expect(expiredCard.getByRole("button", { name: "Refresh Token" })).toHaveCount(0);
  await expect(createOnFacebook).toHaveAttribute("href", /pageId=.+&pageId=/);

  // Disconnect LinkedIn with the confirmation.
  await page.goto("/settings");
  await page.getByRole("button", { name: "LinkedIn (1)" }).click();
  await page.getByRole("button", { name: "Disconnect" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Disconnect Account?" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Account disconnected successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "All (3)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "LinkedIn (0)" })).toBeVisible();

  // One Page of the Facebook login goes on its own; the other stays connected.
  await page.getByRole("button", { name: "Facebook (2)" }).click();
  await page.getByRole("button", { name: `Disconnect ${kept2.name}` }).click();
  const confirmPage = page.getByRole("alertdialog", { name: "Disconnect Page?" });
  await expect(confirmPage).toContainText("the other Pages of the same login stay");
  await confirmPage.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText(`${kept2.name} disconnected`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Facebook (1)" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: kept1.name })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: kept2.name })).toHaveCount(0);
});

test("denying consent shows 'Authorization denied: …' and returns to the dashboard", async ({ page }) => {
  await signUp(page);
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("button", { name: /Twitter\/X/ }).click();
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByText("Failed to connect Twitter/X account")).toBeVisible();
  await expect(page.getByText("Authorization denied: access_denied").first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByText("Authorization denied: access_denied")).toBeVisible();
});

test("a callback without platform or code explains what is missing", async ({ page }) => {
  await signUp(page);
  await page.goto("/auth/callback?code=abc");
  await expect(page.getByText("Platform not specified")).toBeVisible();
  await page.goto("/auth/callback/facebook?state=abc");
  await expect(page.getByRole("heading", { name: "Failed to connect Facebook account" })).toBeVisible();
  await expect(page.getByText("Authorization code not received").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Return to Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
});
