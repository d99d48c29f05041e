import type { Locator, Page } from "@playwright/test";
import { connectSandboxFacebookPage, expect, newUser, signUp, test } from "./fixtures";

/**
 * The top bar's menus, sheet and tooltip, and the editor's hints on disabled buttons, load their
 * code when first wanted (components/ui/load-on-intent.tsx): until then each is a stand-in, named
 * and looking the same. These tests hold back the scripts a page asks for after it has loaded, so that a press
 * lands on the stand-in for certain.
 */

/** Waits until React has taken over `target` (its event handlers are attached). */
async function hydrated(target: Locator) {
  await expect
    .poll(() => target.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}

/** From now on the page's script requests wait until `release()`. */
async function holdScripts(page: Page) {
  const waiting: (() => void)[] = [];
  let holding = true;
  await page.route("**/_next/static/chunks/**", async (route) => {
    if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  return {
    held: () => waiting.length,
    release() {
      holding = false;
      for (const go of waiting.splice(0)) go();
    },
  };
}

const slotOf = (target: Locator) => target.getAttribute("data-slot");

test("a press before the theme menu's code arrives opens the menu when it does", async ({ page }) => {
  await signUp(page);
  const theme = page.getByRole("button", { name: "Theme" });
  await hydrated(theme);
  expect(await slotOf(theme)).toBe("button");
  await expect(theme).toHaveAttribute("aria-haspopup", "menu");

  const scripts = await holdScripts(page);
  await theme.click();
  await expect.poll(scripts.held).toBeGreaterThan(0);
  await expect(page.getByRole("menu")).toHaveCount(0);

  scripts.release();
  await expect(page.getByRole("menuitemradio")).toHaveText([
    "Dark",
    "Light",
    "Ocean Blue",
    "Forest Green",
    "Midnight Dark",
  ]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(theme).toBeFocused();
  expect(await slotOf(theme)).toBe("dropdown-menu-trigger");
});

test("Enter on the account menu before its code arrives opens it, and Escape gives focus back", async ({ page }) => {
  const user = await signUp(page, newUser("Early Keys"));
  const account = page.getByRole("button", { name: "EK, Early Keys: account menu" });
  await hydrated(account);

  const scripts = await holdScripts(page);
  await account.focus();
  await page.keyboard.press("Enter");
  await expect.poll(scripts.held).toBeGreaterThan(0);
  await expect(page.getByRole("menu")).toHaveCount(0);

  scripts.release();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("menu").getByText(user.email)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(account).toBeFocused();
});

test("a focused stand-in hands its focus to the menu button that replaces it", async ({ page }) => {
  await signUp(page);
  const theme = page.getByRole("button", { name: "Theme" });
  await hydrated(theme);
  await theme.focus();
  await expect.poll(() => slotOf(theme)).toBe("dropdown-menu-trigger");
  await expect(theme).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "Dark", exact: true })).toBeVisible();
});

test("the Create Post link works before its tooltip's code arrives, and shows the tooltip after", async ({ page }) => {
  await signUp(page);
  const create = page.getByRole("link", { name: "Create Post" });
  await hydrated(create);

  const scripts = await holdScripts(page);
  await create.hover();
  await expect.poll(scripts.held).toBeGreaterThan(0);
  await create.click();
  scripts.release();
  await expect(page).toHaveURL(/\/create-post$/);

  await page.goto("/dashboard");
  await hydrated(create);
  await create.hover({ position: { x: 10, y: 10 } });
  await expect.poll(() => slotOf(create)).toBe("tooltip-trigger");
  // As Radix's tooltips do, it opens on the pointer's next move over the link.
  await create.hover({ position: { x: 12, y: 12 } });
  await expect(page.getByRole("tooltip")).toHaveText("Create Post");
});

test("a disabled button's hint shows when pointed at or focused, its tooltip loaded then", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const pageName = await connectSandboxFacebookPage(page);
  await page.goto("/create-post");
  await page.getByRole("button", { name: "Also reshare from…" }).click();
  await page.getByRole("region", { name: "Share As" }).getByRole("checkbox", { name: pageName }).check();
  const settings = page.getByRole("region", { name: "Share Message Settings" });
  const generate = settings.getByRole("button", { name: "Generate AI Suggestion" });
  await expect(generate).toBeDisabled();
  const anchor = generate.locator("..");
  await hydrated(anchor);
  expect(await slotOf(anchor)).toBeNull();

  await anchor.hover({ position: { x: 10, y: 10 } });
  await expect.poll(() => slotOf(anchor)).toBe("tooltip-trigger");
  await anchor.hover({ position: { x: 12, y: 12 } });
  await expect(page.getByRole("tooltip")).toHaveText("Save the post first");

  // Away in steps, as a hand moves (one jump lands in the tooltip's grace area, and it stays).
  await page.mouse.move(5, 5, { steps: 10 });
  await page.mouse.move(0, 0);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await anchor.focus();
  await expect(page.getByRole("tooltip")).toHaveText("Save the post first");
});
