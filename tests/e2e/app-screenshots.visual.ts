import type { Page } from "@playwright/test";
import { connectFacebookPages, expect, registerThroughForm, sandboxControl, test } from "./fixtures";

/**
 * Screenshots of the main screens with realistic data (drafts, a scheduled, a published and a failed
 * post), desktop and phone, into .test-output/app-screenshots/ for a visual review. Not a test of
 * behaviour, so not part of `npm test`: `AI_SCREENSHOTS=1 npx playwright test app-screenshots`
 * (after `npm run build:test`).
 */

const dir = ".test-output/app-screenshots";
const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function shot(page: Page, name: string) {
  await page.waitForTimeout(500); // let entry animations and toasts settle
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function createPost(page: Page, pageIds: string[], content: string) {
  const created = await page.request.post("/api/social/posts", {
    data: { pages: pageIds.map((pageId) => ({ type: "post", pageId, platform: "facebook" })), content },
  });
  return ((await created.json()) as { post: { id: string } }).post.id;
}

for (const viewport of viewports) {
  test(`main screens at ${viewport.name} width`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/");
    await shot(page, `${viewport.name}-landing`);
    await page.goto("/login");
    await shot(page, `${viewport.name}-login`);

    await registerThroughForm(page);
    await shot(page, `${viewport.name}-dashboard-empty`);
    const { pages, ourPages } = await connectFacebookPages(page, ["Corner Bakery", "Riverside Café"]);
    await shot(page, `${viewport.name}-dashboard`);

    const ids = ourPages.map((item) => item.id);
    await createPost(page, ids, "Sourdough is back on Saturday. Come early, it sells out by ten! #bakery");
    await createPost(page, [ids[0]!], "New opening hours from December: 7am to 6pm, Monday to Saturday.");
    const scheduled = await createPost(
      page,
      ids,
      "Our winter menu starts next week: spiced buns, hot chocolate and rye.",
    );
    await page.request.put(`/api/post/${scheduled}`, {
      data: { scheduledAt: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(), status: "scheduled" },
    });
    const published = await createPost(page, [ids[1]!], "Thank you for a wonderful first year at the riverside!");
    await page.request.post(`/api/post/${published}/publish`, { data: {} });
    await sandboxControl(`/facebook/pages/${pages[0]!.id}/expire-token`);
    const failed = await createPost(page, ids, "Flash sale: half price croissants after 4pm today.");
    await page.request.post(`/api/post/${failed}/publish`, { data: {} });

    await page.goto("/content");
    await expect(page.getByRole("article").first()).toBeVisible();
    await shot(page, `${viewport.name}-content`);
    await page.getByRole("article").filter({ hasText: "Flash sale" }).getByRole("button", { name: "More" }).click();
    await shot(page, `${viewport.name}-content-expanded`);
    await page
      .getByRole("article")
      .filter({ hasText: "Flash sale" })
      .getByRole("button", { name: "Publish", exact: true })
      .click();
    await expect(page.getByRole("alertdialog", { name: "Publish Post?" })).toBeVisible();
    await shot(page, `${viewport.name}-content-publish-dialog`);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    await page.goto("/create-post");
    await expect(page.getByLabel("Post content")).toBeVisible();
    await page.getByLabel("Post content").fill("Fresh bread at 7am. Which loaf should we bake next week?");
    await shot(page, `${viewport.name}-create-post`);

    await page.goto("/schedule");
    await expect(page.getByRole("grid").first()).toBeVisible();
    await shot(page, `${viewport.name}-schedule`);

    // The Analytics Dashboard in two themes (its charts draw with the theme's chart colours).
    for (const theme of ["dark", "light"]) {
      await page.evaluate((name) => localStorage.setItem("theme", name), theme);
      await page.goto("/analytics");
      await expect(page.getByRole("heading", { name: "Analytics Dashboard" })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // The charts draw once the reader moves (on a phone they start where the first screen ends).
      await page.mouse.wheel(0, 400);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${viewport.name}-analytics-${theme}`);
    }
    await page.evaluate(() => localStorage.setItem("theme", "dark"));

    await page.goto("/settings");
    await expect(page.getByText("Token Expired").first()).toBeVisible();
    await shot(page, `${viewport.name}-settings`);

    await page.goto("/chat");
    await shot(page, `${viewport.name}-chat`);

    await page.goto("/no-such-page");
    await shot(page, `${viewport.name}-404`);
  });
}
