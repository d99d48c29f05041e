import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The theme is kept in localStorage and in a cookie, both named "theme"; the server renders
 * <html data-theme> from the cookie, so the first paint has the right colours with no script before
 * it (components/theme/theme-provider.tsx).
 */

async function setThemeCookie(context: BrowserContext, baseURL: string | undefined, value: string) {
  await context.addCookies([{ name: "theme", value, url: baseURL ?? "http://localhost" }]);
}

/** The theme in the HTML the server sent, before any script ran. */
async function servedTheme(page: Page, path: string): Promise<string | undefined> {
  const html = await (await page.request.get(path)).text();
  return /<html[^>]*\sdata-theme="([^"]*)"/.exec(html)?.[1];
}

async function themeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "theme");
}

test("the server renders the kept theme, and a cookie naming no theme gets the default", async ({
  page,
  context,
  baseURL,
}) => {
  await setThemeCookie(context, baseURL, "ocean");
  for (const path of ["/", "/login", "/terms"]) expect(await servedTheme(page, path), path).toBe("ocean");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "ocean");

  await setThemeCookie(context, baseURL, "%3Cscript%3E");
  expect(await servedTheme(page, "/")).toBe("dark");
});

test("a choice is kept in localStorage and the cookie, and the next page is served with it", async ({
  page,
  context,
}) => {
  await page.goto("/terms");
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: "Light" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");

  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  const cookie = await themeCookie(context);
  expect(cookie?.value).toBe("light");
  expect(cookie?.sameSite).toBe("Lax");
  // Kept for as long as a browser keeps a cookie (400 days), not only for the session.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 24 * 3600 * 1000);
  expect(await servedTheme(page, "/register")).toBe("light");
});

test("a choice only localStorage knows (made before the cookie) is applied and copied into the cookie", async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem("theme", "midnight"));
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "midnight");
  await expect.poll(async () => (await themeCookie(context))?.value).toBe("midnight");
  await page.getByRole("button", { name: "Theme" }).click();
  await expect(page.getByRole("menuitemradio", { name: "Midnight Dark" })).toBeChecked();
});

test("a choice made in another tab is applied in this one", async ({ page, context }) => {
  await page.goto("/");
  const other = await context.newPage();
  await other.goto("/terms");
  await other.getByRole("button", { name: "Theme" }).click();
  await other.getByRole("menuitemradio", { name: "Forest Green" }).click();
  await expect(other.locator("html")).toHaveAttribute("data-theme", "forest");

  await expect(page.locator("html")).toHaveAttribute("data-theme", "forest");
  await page.getByRole("button", { name: "Theme" }).click();
  await expect(page.getByRole("menuitemradio", { name: "Forest Green" })).toBeChecked();
});
