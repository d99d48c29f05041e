import type { Page } from "@playwright/test";
import { connectFacebookPages, expect, openConnectDialog, registerThroughForm, test } from "./fixtures";

/**
 * Screenshots of the logos, dashboard checklist, 404 and focus outline, into
 * .test-output/brand-screenshots/ for a visual review (not a test of behaviour):
 * `AI_SCREENSHOTS=1 npx playwright test brand-screenshots` (after `npm run build:test`).
 */

const dir = ".test-output/brand-screenshots";

async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

test("logos, checklist, 404 and focus", async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/login");
  await page.getByLabel("Password").click();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await shot(page, "login-dark", false);

  await registerThroughForm(page);
  await expect(page.getByRole("region", { name: "Getting started" })).toBeVisible();
  await shot(page, "dashboard-new");
  const dialog = await openConnectDialog(page);
  await expect(dialog).toBeVisible();
  await shot(page, "connect-dialog", false);
  await page.keyboard.press("Escape");

  await connectFacebookPages(page, ["Corner Bakery", "Riverside Café"]);
  await expect(page.getByRole("link", { name: "Create Post on Facebook" })).toBeVisible();
  await shot(page, "dashboard-facebook");
  await page.goto("/settings");
  await expect(page.getByRole("button", { name: "Facebook (2)" })).toBeVisible();
  await shot(page, "settings");
  await page.goto("/no-such-page");
  await shot(page, "not-found-signed-in", false);

  await page.evaluate(() => window.localStorage.setItem("theme", "light"));
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Create Post on Facebook" })).toBeVisible();
  await page.getByRole("link", { name: "Create Post on Facebook" }).focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await shot(page, "dashboard-light-focus", false);
});
