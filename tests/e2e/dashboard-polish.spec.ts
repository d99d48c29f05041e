import type { Locator, Page } from "@playwright/test";
import { themeNames } from "../../lib/themes";
import {
  connectFacebookPages,
  connectSandboxFacebookPage,
  expect,
  forgetSession,
  newUser,
  openConnectDialog,
  signUp,
  test,
} from "./fixtures";

/** Presses Tab until `target` has the keyboard focus (at most 25 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 25; step += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("Tab never reached the target");
}

const logo = (scope: Locator, brand: string) => scope.locator(`svg[data-brand="${brand}"]`);

test.describe("brand logos", () => {
  test("the sign-in buttons, the connect dialog, the dashboard and the settings chips show each network's logo", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(logo(page.getByRole("button", { name: "Login with Google" }), "Google")).toBeVisible();
    await expect(logo(page.getByRole("button", { name: "Login with Facebook" }), "Facebook")).toBeVisible();
    await page.goto("/register");
    await expect(logo(page.getByRole("button", { name: "Sign up with Google" }), "Google")).toBeVisible();

    await signUp(page);
    const dialog = await openConnectDialog(page);
    await expect(logo(dialog.getByRole("button", { name: "Facebook" }), "Facebook")).toBeVisible();
    await expect(logo(dialog.getByRole("button", { name: "Twitter/X" }), "X")).toBeVisible();
    await expect(logo(dialog.getByRole("button", { name: "LinkedIn" }), "LinkedIn")).toBeVisible();
    await expect(logo(dialog.getByRole("button", { name: /Instagram/ }), "Instagram")).toBeVisible();
    await expect(logo(dialog.getByRole("button", { name: /TikTok/ }), "TikTok")).toBeVisible();
    await page.keyboard.press("Escape");

    const pageName = await connectSandboxFacebookPage(page);
    const group = page.getByRole("region", { name: "Facebook", exact: true });
    await expect(group.getByText(pageName)).toBeVisible();
    await expect(logo(group, "Facebook").first()).toBeVisible();

    await page.goto("/settings");
    await expect(logo(page.getByRole("button", { name: "Facebook (1)" }), "Facebook")).toBeVisible();
    await expect(logo(page.getByRole("button", { name: "LinkedIn (0)" }), "LinkedIn")).toBeVisible();
  });
});

test.describe("dashboard", () => {
  test("one 'Create Post' per network, with its pages preselected", async ({ page }) => {
    await signUp(page);
    const { ourPages } = await connectFacebookPages(page, ["East Page", "West Page"]);
    const create = page.getByRole("link", { name: "Create Post on Facebook" });
    await expect(create).toHaveCount(1);
    const href = await create.getAttribute("href");
    const ids = new URL(href ?? "", "http://x").searchParams.getAll("pageId");
    expect(ids.sort()).toEqual(ourPages.map((item) => item.id).sort());
    for (const item of ourPages) {
      const card = page.getByRole("article").filter({ hasText: item.name });
      await expect(card.getByRole("link", { name: /Create Post/ })).toHaveCount(0);
    }
    await create.click();
    await expect(page).toHaveURL(/\/create-post\?pageId=/);
  });

  test("the getting-started checklist ticks from real data and goes when every step is done", async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page);
    const checklist = page.getByRole("region", { name: "Getting started" });
    const step = (id: string) => checklist.locator(`[data-step="${id}"]`);
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText("0 of 4 done")).toBeVisible();

    const { ourPages } = await connectFacebookPages(page, ["Checklist Page"]);
    await expect(step("connect")).toHaveAttribute("data-done", "true");
    await expect(step("write")).toHaveAttribute("data-done", "false");

    const created = await page.request.post("/api/social/posts", {
      data: { pages: [{ type: "post", pageId: ourPages[0]!.id, platform: "facebook" }], content: "Fresh bread at 8" },
    });
    expect(created.status()).toBe(201);
    const { post } = (await created.json()) as { post: { id: string } };
    await page.reload();
    await expect(step("write")).toHaveAttribute("data-done", "true");
    await expect(step("schedule")).toHaveAttribute("data-done", "false");

    const at = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const scheduled = await page.request.put(`/api/post/${post.id}`, {
      data: { scheduledAt: at, status: "scheduled" },
    });
    expect(scheduled.status()).toBe(200);
    await page.reload();
    await expect(step("schedule")).toHaveAttribute("data-done", "true");
    await expect(checklist.getByText("3 of 4 done")).toBeVisible();

    await checklist.getByRole("link", { name: "Open Analytics" }).click();
    await expect(page.getByRole("heading", { name: "Analytics Dashboard" })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Connected Accounts" })).toBeVisible();
    await expect(checklist).toHaveCount(0);
  });

  test("the checklist can be dismissed, and stays dismissed", async ({ page }) => {
    await signUp(page);
    const checklist = page.getByRole("region", { name: "Getting started" });
    await checklist.getByRole("button", { name: "Dismiss getting started" }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Connected Accounts" })).toBeVisible();
    await expect(checklist).toHaveCount(0);
  });

  test("a Facebook card in Settings shows the Page, and who connected it", async ({ page }) => {
    await signUp(page);
    const pageName = await connectSandboxFacebookPage(page);
    await page.goto("/settings");
    const card = page.getByRole("article", { name: pageName });
    await expect(card).toBeVisible();
    await expect(card.getByText("Connected by Baker")).toBeVisible();
    await expect(card.getByText("Bakery", { exact: true })).toBeVisible();
  });
});

test.describe("small things", () => {
  test("Settings › Billing leads to the Billing page", async ({ page }) => {
    await signUp(page);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Billing", exact: true }).click();
    await page.getByRole("link", { name: "Open Billing" }).click();
    await expect(page).toHaveURL(/\/billing$/);
  });

  test("an unknown path is a 404 inside the app for a signed-in user, and plain for a visitor", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "404 - Page Not Found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go home" })).toBeVisible();

    await signUp(page);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "404 - Page Not Found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("'Skip to main content' is the first Tab stop and moves focus past the top bar", async ({ page }) => {
    for (const path of ["/", "/login"]) {
      await page.goto(path);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(page.locator("main#main-content")).toBeFocused();
    }

    const user = await signUp(page, newUser("Grace Hopper"));
    await page.reload();
    // The dashboard replaces the session spinner once /api/auth/me answers; until then the main
    // region holds nothing to tab to (CI once pressed Tab in that moment and left main).
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Grace Hopper!" })).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main-content")).toBeFocused();
    // The next stop is inside the page, not the top bar's links.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);

    // The user menu's name starts with the initials it shows.
    const menu = page.getByRole("button", { name: `GH, ${user.name}: account menu` });
    await expect(menu).toContainText("GH");
  });

  test("/login and /register have an h1", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });

  test("a visitor's pages never ask /api/auth/me or /api/auth/user; signing in still loads the session", async ({
    page,
  }) => {
    const user = await signUp(page);
    await forgetSession(page);

    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === "/api/auth/me" || pathname === "/api/auth/user") asked.push(`${page.url()} → ${pathname}`);
    });
    for (const path of ["/login", "/register", "/"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Welcome back, ${user.name}!` })).toBeVisible();
  });

  for (const theme of themeNames) {
    test(`the primary button shows a focus outline in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((name) => window.localStorage.setItem("theme", name), theme);
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await page.getByLabel("Password").click();
      const button = page.getByRole("button", { name: "Sign in", exact: true });
      await tabTo(page, button);
      const read = () =>
        button.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            style: style.outlineStyle,
            width: parseFloat(style.outlineWidth),
            offset: parseFloat(style.outlineOffset),
            colour: style.outlineColor,
            page: getComputedStyle(document.body).backgroundColor,
          };
        });
      // The button's transition animates the outline's width and offset in: wait for both to settle.
      await expect
        .poll(async () => {
          const now = await read();
          return Math.min(now.width, now.offset);
        })
        .toBeGreaterThanOrEqual(2);
      const focus = await read();
      expect(focus.style).toBe("solid");
      expect(focus.width).toBeGreaterThanOrEqual(2);
      expect(focus.offset).toBeGreaterThanOrEqual(2);
      expect(focus.colour).not.toBe(focus.page);
      expect(focus.colour).not.toMatch(/rgba\(.*,\s*0\)|transparent/);
    });
  }
});
