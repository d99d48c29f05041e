import type { Page } from "@playwright/test";
import { expect, signUp, test } from "./fixtures";

/**
 * Issue #18: sonner (and the styles it writes into the page) was in every page's first load. It now
 * loads with the first toast, or ahead of it on the first pointer or key press.
 */

/** Whether sonner has run in this page: it writes its styles into a <style> as it loads. */
const sonnerLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("style")].some((style) => style.textContent?.includes("[data-sonner-toaster]")),
  );

test("no page loads the notifications until one is wanted; the first toast of a visit shows", async ({ page }) => {
  await signUp(page);
  for (const path of ["/dashboard", "/content", "/settings"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await sonnerLoaded(page), path).toBe(false);
    await expect(page.locator("[data-sonner-toaster]")).toHaveCount(0);
  }

  await page.getByRole("tab", { name: "Preferences" }).click();
  const panel = page.getByRole("tabpanel", { name: "Preferences" });
  await panel.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await panel.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Time zone set to Asia/Tokyo")).toBeVisible();
  expect(await sonnerLoaded(page)).toBe(true);
});
