import type { Page } from "@playwright/test";
import { connectFacebookPages, expect, numericId, openConnectDialog, signUp, sandboxControl, test } from "./fixtures";

const SIXTY_DAYS = 60 * 24 * 3600;
const WARNING = "Expires in 5 days — reconnect to keep publishing";

// The sandbox is shared by the whole run: LinkedIn's usual token lifetime comes back whatever happens.
test.afterEach(async () => {
  await sandboxControl("/linkedin/settings", { accessTokenSeconds: SIXTY_DAYS });
});

async function approveLinkedIn(page: Page, name: string, email: string) {
  await expect(page).toHaveTitle(/LinkedIn/);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Successfully connected your LinkedIn account!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

test("a LinkedIn token 5 days from expiry warns on the dashboard and in Settings, and Reconnect renews it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  // A normal account beside it: Facebook's long-lived token has weeks left.
  const { pages: facebookPages } = await connectFacebookPages(page, ["Steady Page"]);

  const name = `Expiring Member ${numericId().slice(-5)}`;
  const email = `member-${numericId()}@example.com`;
  await sandboxControl("/linkedin/settings", { accessTokenSeconds: 5 * 24 * 3600 });
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("button", { name: /LinkedIn/ }).click();
  await approveLinkedIn(page, name, email);

  // Dashboard: the LinkedIn profile's card warns, with a way to reconnect; the Facebook Page's does not.
  const linkedInCard = page.getByRole("article").filter({ hasText: name });
  await expect(linkedInCard).toContainText(WARNING);
  await expect(linkedInCard.getByRole("button", { name: /^Reconnect/ })).toBeVisible();
  await expect(linkedInCard.getByText("Active")).toBeVisible();
  const facebookCard = page.getByRole("article").filter({ hasText: facebookPages[0]!.name });
  await expect(facebookCard.getByText("Active")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "reconnect to keep publishing" })).toHaveCount(1);

  // Settings: the same on the account card.
  await page.goto("/settings");
  const account = page.getByRole("article").filter({ hasText: name });
  await expect(account).toContainText(WARNING);
  await expect(account.getByText("✓ Connected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Facebook (1)" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "reconnect to keep publishing" })).toHaveCount(1);

  // Reconnect starts LinkedIn's connect flow; with a fresh 60-day token the warning is gone, and no
  // second account appears.
  await sandboxControl("/linkedin/settings", { accessTokenSeconds: SIXTY_DAYS });
  await account.getByRole("button", { name: /^Reconnect/ }).click();
  await approveLinkedIn(page, name, email);
  await expect(page.getByRole("article").filter({ hasText: name }).getByText("Active")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "reconnect to keep publishing" })).toHaveCount(0);
  await page.goto("/settings");
  await expect(page.getByRole("button", { name: "LinkedIn (1)" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "reconnect to keep publishing" })).toHaveCount(0);
});
