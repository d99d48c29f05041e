import type { Page } from "@playwright/test";
import { connectFacebookPages, expect, numericId, signUp, sandboxUrl, test } from "./fixtures";
import {
  cellName,
  localDay,
  localTime,
  newYorkTime,
  nextNewYorkMonth,
  scheduledAtOf,
  scheduledDraft,
  ZONE,
} from "./schedule-helpers";

test.use({ timezoneId: ZONE });

test("a post scheduled for two pages shows as Scheduled, then Published, and reaches each page once", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page);
  const { pages, ourPages } = await connectFacebookPages(page);
  const content = `Shortly ${numericId()}`;
  const postId = await scheduledDraft(
    page,
    ourPages.map((p) => p.id),
    content,
    new Date(Date.now() + 40_000),
  );

  await page.goto("/schedule");
  await expect(page.getByRole("heading", { name: "Content Scheduler" })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^${content}, scheduled`) }).first()).toBeVisible();

  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/post/${postId}`)).json()) as { post: { status: string } }).post.status,
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe("published");
  await page.reload();
  // The calendar's chip itself now says Published.
  await expect(page.getByRole("button", { name: new RegExp(`^${content}, published`) }).first()).toBeVisible();
  await page
    .getByRole("button", { name: new RegExp(content) })
    .first()
    .click();
  const details = page.getByRole("dialog", { name: "Post Details" });
  await expect(details.getByText("Published on")).toBeVisible();
  for (const item of pages) {
    const posted = (await (
      await fetch(`${sandboxUrl()}/_control/publish/posts?platform=facebook&target=${item.id}`)
    ).json()) as { posts: { text: string }[] };
    expect(posted.posts.map((p) => p.text)).toEqual([content]);
  }
});

test("dragging a scheduled post to the next day keeps its time of day", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const { ourPages } = await connectFacebookPages(page);
  // The 10th of next month, 10:00 in New York: the 11th is always in the same month view.
  const { year, month } = nextNewYorkMonth();
  const at = newYorkTime(year, month, 10, 10);
  const dropDay = newYorkTime(year, month, 11, 10);
  const content = `Drag me ${numericId()}`;
  const postId = await scheduledDraft(page, [ourPages[0]!.id], content, at);

  await page.goto("/schedule");
  await page.getByRole("button", { name: "Next month" }).click();
  const handle = page.getByRole("button", { name: new RegExp(`^${content}, scheduled`) }).first();
  const target = page.getByRole("gridcell", { name: cellName(dropDay) });
  // A person's drag: press, move in steps (the sensor starts after a few pixels), release over the day.
  await handle.scrollIntoViewIfNeeded();
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByText("Post rescheduled successfully").first()).toBeVisible();

  const moved = await scheduledAtOf(page, postId);
  expect(localTime(moved)).toBe("10:00");
  expect(localDay(moved)).toBe(localDay(dropDay.toISOString()));
});

test("a scheduled post moves with the keyboard: Space picks it up, arrows move it, Space drops it at the same time", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const { ourPages } = await connectFacebookPages(page, ["Keyboard Page"]);
  // The 10th of next month, 09:30 in New York: its next day and next week are in the same month view.
  const { year, month } = nextNewYorkMonth();
  const at = newYorkTime(year, month, 10, 9, 30);
  const content = `Keys ${numericId()}`;
  const postId = await scheduledDraft(page, [ourPages[0]!.id], content, at);

  await page.goto("/schedule");
  await page.getByRole("button", { name: "Next month" }).click();
  const chip = page.getByRole("button", { name: new RegExp(`^${content}, scheduled`) });
  await expect(chip).toBeVisible();
  const status = page.getByRole("status").filter({ hasText: /\S/ });

  // Picked up and put back with Escape: nothing changes.
  await chip.focus();
  await page.keyboard.press("Space");
  await expect(status).toContainText(`Picked up post "${content}"`);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Escape");
  await expect(status).toContainText("Moving cancelled");
  expect(await scheduledAtOf(page, postId)).toBe(at.toISOString());

  // Space, one day right, one week down, Space: the 18th, still 09:30. Keys pressed as fast as a person can.
  await chip.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  await expect(page.getByText("Post rescheduled successfully").first()).toBeVisible();
  const target = newYorkTime(year, month, 18, 9, 30);
  await expect(status).toContainText(`dropped on ${cellName(target)}`);
  const moved = await scheduledAtOf(page, postId);
  expect(localDay(moved)).toBe(localDay(target.toISOString()));
  expect(localTime(moved)).toBe("09:30");
  // The moved post keeps the focus in its new day, so the next move can start at once.
  const movedChip = page
    .getByRole("gridcell", { name: cellName(target) })
    .getByRole("button", { name: new RegExp(`^${content}, scheduled`) });
  await expect(movedChip).toBeFocused();

  // Enter works as Space does: up a week, left a day, back to the 10th.
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(status).toContainText(`dropped on ${cellName(at)}`);
  await expect.poll(() => scheduledAtOf(page, postId)).toBe(at.toISOString());
});

test("Schedule in the editor: the modal refuses a past time, then schedules for tomorrow at Prime Time", async ({
  page,
}) => {
  await signUp(page);
  const { pages } = await connectFacebookPages(page);
  const content = `Evening special ${numericId()}`;

  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pages[0]!.name }).check();
  await page.getByLabel("Post content").fill(content);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Post" });
  await expect(dialog.getByRole("region", { name: "Post preview" })).toContainText(content);

  // Midnight today has passed, whatever the time now.
  const today = localDay(new Date().toISOString());
  await expect(dialog.getByLabel("Date")).toHaveAttribute("min", today);
  await dialog.getByLabel("Date").fill(today);
  await dialog.getByLabel("Hour").selectOption("0");
  await dialog.getByLabel("Minute").selectOption("0");
  await dialog.getByRole("button", { name: "Schedule Post" }).click();
  await expect(dialog.getByText("Please select a future date and time")).toBeVisible();
  await expect(dialog.getByLabel("Minute").locator("option")).toHaveText(["00", "15", "30", "45"]);

  const tomorrow = localDay(new Date(Date.now() + 24 * 3_600_000).toISOString());
  await dialog.getByLabel("Date").fill(tomorrow);
  await dialog.getByRole("button", { name: "Prime Time 20:00" }).click();
  await dialog.getByRole("button", { name: "Schedule Post" }).click();
  await expect(page.getByText("Post scheduled successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/schedule$/);

  const listed = (await (await page.request.get("/api/post?status=scheduled&limit=50")).json()) as {
    posts: { content: string; scheduledAt: string }[];
  };
  const post = listed.posts.find((item) => item.content === content)!;
  expect(localDay(post.scheduledAt)).toBe(tomorrow);
  expect(localTime(post.scheduledAt)).toBe("20:00");
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByRole("button", { name: new RegExp(`^${content}, scheduled`) }).first()).toBeVisible();
});

test("the calendar: stat cards counted as the content list counts, three posts a day then '+N more', and deleting a published post from Post Details", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const { ourPages } = await connectFacebookPages(page);
  const tomorrow = localDay(new Date(Date.now() + 24 * 3_600_000).toISOString());
  const [year, month, day] = tomorrow.split("-").map(Number) as [number, number, number];
  const label = `Busy day ${numericId()}`;
  for (const hour of [9, 11, 13, 15])
    await scheduledDraft(page, [ourPages[0]!.id], `${label} ${hour}h`, newYorkTime(year, month - 1, day, hour));
  // One published today (Publish Now answers once the page is out, or after 8 s with the worker still at it).
  const created = await page.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId: ourPages[1]!.id, platform: "facebook" }], content: `${label} out now` },
  });
  const { post: publishedPost } = (await created.json()) as { post: { id: string } };
  expect((await page.request.post(`/api/post/${publishedPost.id}/publish`, { data: {} })).status()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/post/${publishedPost.id}`)).json()) as { post: { status: string } }).post
          .status,
    )
    .toBe("published");
  // A draft is not on the calendar, but Total Posts counts it as the content list does.
  const draft = await page.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId: ourPages[0]!.id, platform: "facebook" }], content: `${label} draft` },
  });
  expect(draft.status()).toBe(201);
  await page.goto("/content");
  await expect(page.getByRole("region", { name: "Posts" }).getByText("6 posts", { exact: true })).toBeVisible();

  await page.goto("/schedule");
  const card = (title: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card("Scheduled Posts")).toContainText("4");
  await expect(card("Scheduled Posts")).toContainText("Ready to publish");
  await expect(card("Published Today")).toContainText("1");
  await expect(card("Total Posts")).toContainText("6");
  // The all-time engagement rate (0.0% until the metrics sync has read any views).
  await expect(card("Engagement")).toContainText(/\d+\.\d%/);
  await expect(card("Engagement")).toContainText("Avg. engagement rate");

  if (tomorrow.slice(0, 7) !== localDay(new Date().toISOString()).slice(0, 7))
    await page.getByRole("button", { name: "Next month" }).click();
  const cell = page.getByRole("gridcell", { name: cellName(newYorkTime(year, month - 1, day, 12)) });
  await expect(cell.getByRole("button", { name: new RegExp(`^${label} \\d+h, scheduled`) })).toHaveCount(3);
  await expect(cell.getByText("4 scheduled")).toBeAttached();
  await cell.getByRole("button", { name: "+1 more" }).click();
  // The side list shows the whole day.
  await expect(page.getByRole("button", { name: new RegExp(`${label} 15h`) }).last()).toBeVisible();

  // The published post: Post Details, then delete with the inline confirmation.
  await page.getByRole("button", { name: "Today" }).click();
  await page.getByRole("button", { name: new RegExp(`^${label} out now, published`) }).click();
  const details = page.getByRole("dialog", { name: "Post Details" });
  await expect(details.getByText("Published on")).toBeVisible();
  await details.getByRole("button", { name: "Delete Post" }).click();
  await expect(
    details.getByText("Are you sure you want to delete this post? This action cannot be undone."),
  ).toBeVisible();
  await details.getByRole("button", { name: "Yes, Delete Permanently" }).click();
  await expect(details).toBeHidden();
  expect((await page.request.get(`/api/post/${publishedPost.id}`)).status()).toBe(404);
  await expect(card("Total Posts")).toContainText("5");
});

/** Waits `frames` animation frames in the page: time for a drag's autoscroll to act, if it were going to. */
async function frames(page: Page, frames: number) {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

test("the page filter shows one page's posts in the calendar and the list", async ({ page }) => {
  await signUp(page);
  const { pages, ourPages } = await connectFacebookPages(page);
  const { year, month } = nextNewYorkMonth();
  const at = newYorkTime(year, month, 14, 9);
  await scheduledDraft(page, [ourPages[0]!.id], "North's rye", at);
  await scheduledDraft(page, [ourPages[1]!.id], "South's spelt", at);
  await page.goto("/schedule");
  await page.getByRole("button", { name: "Next month" }).click();
  const day = page.getByRole("gridcell", { name: new RegExp(cellName(at)) });
  await expect(day.getByRole("button", { name: /North's rye/ })).toBeVisible();
  await expect(day.getByRole("button", { name: /South's spelt/ })).toBeVisible();

  await page.getByLabel("Page", { exact: true }).selectOption({ label: pages[0]!.name });
  await expect(day.getByRole("button", { name: /North's rye/ })).toBeVisible();
  await expect(day.getByRole("button", { name: /South's spelt/ })).toHaveCount(0);
  await expect(page.getByText("South's spelt")).toHaveCount(0);
  await page.getByLabel("Page", { exact: true }).selectOption("all");
  await expect(day.getByRole("button", { name: /South's spelt/ })).toBeVisible();
});

test.describe("near the window's edge", () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test("a drag released near the window's bottom edge lands on the day under the pointer; chips show their full text", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUp(page);
    const { ourPages } = await connectFacebookPages(page, ["Edge Page"]);
    // The 10th of next month, 10:00 in New York, dropped two weeks on: the 24th is in the same month view.
    const { year, month } = nextNewYorkMonth();
    const at = newYorkTime(year, month, 10, 10);
    const dropDay = newYorkTime(year, month, 24, 10);
    const content = `Edge ${numericId()} our autumn oat latte launches this Saturday with a new cinnamon crumble topping`;
    const postId = await scheduledDraft(page, [ourPages[0]!.id], content, at);

    await page.goto("/schedule");
    await page.getByRole("button", { name: "Next month" }).click();
    const handle = page.getByRole("button", { name: new RegExp(`^Edge \\d+ our autumn.*, scheduled`) });
    await expect(handle).toBeVisible();

    // The chip's name is cut short; its full text shows on keyboard focus, and is its description.
    await handle.focus();
    await expect(page.getByRole("tooltip")).toContainText("new cinnamon crumble topping");
    await expect(handle).toHaveAccessibleDescription(new RegExp("new cinnamon crumble topping"));
    await page.screenshot({ path: ".test-output/screens/calendar-desktop.png" });
    await page.keyboard.press("Tab");

    // Other months' days look different from this month's.
    const background = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(await background("[data-day][data-outside-month]")).toContain("gradient");
    expect(await background("[data-day]:not([data-outside-month])")).toBe("none");

    // The 24th's bottom edge a few pixels above the window's: the pointer will rest in its lower part.
    const target = page.getByRole("gridcell", { name: cellName(dropDay) });
    await page.evaluate(
      (bottom) => window.scrollBy(0, bottom - (window.innerHeight - 6)),
      (await target.boundingBox())!.y + (await target.boundingBox())!.height,
    );
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    expect(from.y).toBeGreaterThan(0);
    const point = { x: to.x + to.width / 2, y: to.y + to.height * 0.75 };
    expect(point.y).toBeGreaterThan(600 * 0.8); // inside the band where dnd-kit scrolled by default

    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(point.x, point.y, { steps: 15 });
    const scrolled = await page.evaluate(() => window.scrollY);
    // A person rests there a moment before letting go.
    await frames(page, 40);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    const under = await page.evaluate(
      ({ x, y }) =>
        document
          .elementsFromPoint(x, y)
          .map((element) => element.closest<HTMLElement>("[data-day]")?.dataset.day)
          .find(Boolean),
      point,
    );
    expect(under).toBe(localDay(dropDay.toISOString()));
    await page.mouse.up();
    await expect(page.getByText("Post rescheduled successfully").first()).toBeVisible();

    const moved = await scheduledAtOf(page, postId);
    expect(localDay(moved)).toBe(localDay(dropDay.toISOString()));
    expect(localTime(moved)).toBe("10:00");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the stat cards sit two by two and the calendar fits the width", async ({ page }) => {
    await signUp(page);
    await page.goto("/schedule");
    const card = (title: string) =>
      page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card("Engagement")).toBeVisible();
    const boxes = await Promise.all(
      ["Scheduled Posts", "Published Today", "Total Posts", "Engagement"].map(
        async (title) => (await card(title).boundingBox())!,
      ),
    );
    expect(boxes[0]!.y).toBe(boxes[1]!.y);
    expect(boxes[2]!.y).toBe(boxes[3]!.y);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
    const grid = (await page.getByRole("grid").boundingBox())!;
    expect(grid.x + grid.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: ".test-output/screens/calendar-390.png", fullPage: true });
  });

  test("the assistant's button steps aside while the page scrolls down, and comes back on the way up", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto("/schedule");
    await expect(page.getByRole("grid")).toBeVisible();
    const assistant = page.getByRole("button", { name: "Open AI Assistant" });
    await expect(assistant).toBeVisible();
    // Down to the calendar's last row: the button no longer sits over its last column.
    await page.mouse.wheel(0, 500);
    await expect(assistant).toBeHidden();
    await page.mouse.wheel(0, -120);
    await expect(assistant).toBeVisible();
  });

  test("a day's posts show their names under their times", async ({ page }) => {
    await signUp(page);
    const { ourPages } = await connectFacebookPages(page);
    const { year, month } = nextNewYorkMonth();
    await scheduledDraft(page, [ourPages[0]!.id], "Sourdough Saturday", newYorkTime(year, month, 12, 9));
    await page.goto("/schedule");
    await page.getByRole("button", { name: "Next month" }).click();
    const chip = page
      .getByRole("gridcell", { name: new RegExp(cellName(newYorkTime(year, month, 12, 9))) })
      .getByRole("button", { name: /Sourdough/ });
    await expect(chip).toBeVisible();
    // The name has a line of its own, at least a word wide, not squeezed beside the time to nothing.
    const name = chip.getByText("Sourdough Saturday");
    await expect(name).toBeVisible();
    expect((await name.boundingBox())!.width).toBeGreaterThan(30);
  });
});
