import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signUp, test } from "./fixtures";

/**
 * axe on every page, in the dark and the light theme: no serious or critical violation of WCAG
 * 2.1 A/AA. Signed-out pages first, then the signed-in ones (Settings tab by tab) for a new user.
 */

const THEMES = ["dark", "light"] as const;
const PUBLIC_PAGES = ["/", "/login", "/register", "/forgot-password", "/no-such-page"];
const APP_PAGES = ["/dashboard", "/create-post", "/content", "/schedule", "/analytics", "/chat", "/billing"];
const SETTINGS_TABS = ["Connected Accounts", "Profile", "Security", "Preferences", "Activity"];

/** The page has finished loading (no skeleton, no spinner left). */
async function settled(page: Page) {
  await expect(page.locator("main").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-slot="skeleton"], [data-slot="spinner"], [aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
}

async function seriousViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}

async function useTheme(page: Page, theme: string) {
  await page.addInitScript((name) => localStorage.setItem("theme", name), theme);
}

// One test per theme for the signed-out pages and one for the signed-in ones (a single sign-up):
// the violations of every page are gathered, so a failure names each page and rule.
for (const theme of THEMES) {
  test(`axe: every signed-out page (${theme}) has no serious or critical violations`, async ({ page }) => {
    test.setTimeout(240_000);
    await useTheme(page, theme);
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path, { timeout: 90_000 });
      await settled(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      found.push(...(await seriousViolations(page, `${path} (${theme})`)));
    }
    expect(found).toEqual([]);
  });

  test(`axe: every signed-in page (${theme}) has no serious or critical violations`, async ({ page }) => {
    test.setTimeout(300_000);
    await useTheme(page, theme);
    await signUp(page);
    const found: string[] = [];
    for (const path of [...APP_PAGES, "/no-such-page"]) {
      await page.goto(path, { timeout: 90_000 });
      await settled(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      found.push(...(await seriousViolations(page, `${path} (${theme})`)));
    }
    expect(found).toEqual([]);
  });

  test(`axe: every Settings tab and the deletion dialog (${theme}) have no serious or critical violations`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await useTheme(page, theme);
    await signUp(page);
    await page.goto("/settings", { timeout: 90_000 });
    const found: string[] = [];
    for (const tab of SETTINGS_TABS) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await settled(page);
      found.push(...(await seriousViolations(page, `/settings › ${tab} (${theme})`)));
    }
    await page.getByRole("tab", { name: "Profile" }).click();
    await page.getByRole("button", { name: "Delete account" }).click();
    await expect(page.getByRole("alertdialog", { name: "Delete your account?" })).toBeVisible();
    found.push(...(await seriousViolations(page, `/settings › Profile › Delete account (${theme})`)));
    expect(found).toEqual([]);
  });
}
