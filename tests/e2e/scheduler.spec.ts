import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, registerThroughForm, sandboxUrl, test } from "./fixtures";

test.use({ timezoneId: "America/New_York" });

const numericId = () => String(randomBytes(6).readUIntBE(0, 6));

async function connectTwoPages(page: Page) {
  const suffix = numericId().slice(-4);
  const pages = [`North Page ${suffix}`, `South Page ${suffix}`].map((name) => ({ id: numericId(), name, category: "Bakery", fan_count: 5, tasks: ["CREATE_CONTENT"] }));
  await fetch(`${sandboxUrl()}/_control/facebook/users`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: numericId(), name: "Scheduler", pages }) });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Connect Account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: /Facebook/ }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  const selection = page.getByRole("dialog", { name: "Select Facebook Pages" });
  for (const item of pages) await selection.getByText(item.name).click();
  await selection.getByRole("button", { name: "Connect 2 Page(s)" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  const accounts = (await (await page.request.get("/api/social/accounts")).json()) as { data: { pages: { id: string; pageId: string }[] }[] };
  return { pages, ourPages: accounts.data[0]!.pages };
}

async function scheduledDraft(page: Page, pageIds: string[], content: string, at: Date) {
  const created = await page.request.post("/api/social/posts", { data: { pages: pageIds.map((pageId) => ({ type: "post", pageId, platform: "facebook" })), content } });
  const { post } = (await created.json()) as { post: { id: string } };
  const scheduled = await page.request.put(`/api/post/${post.id}`, { data: { scheduledAt: at.toISOString(), status: "scheduled" } });
  expect(scheduled.status()).toBe(200);
  return post.id;
}

test("a post scheduled for two pages shows as Scheduled, then Published, and reaches each page once", async ({ page }) => {
  test.setTimeout(150_000);
  await registerThroughForm(page);
  const { pages, ourPages } = await connectTwoPages(page);
  const content = `Shortly ${numericId()}`;
  const postId = await scheduledDraft(page, ourPages.map((p) => p.id), content, new Date(Date.now() + 40_000));

  await page.goto("/schedule");
  await expect(page.getByRole("heading", { name: "Content Scheduler" })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^${content}, scheduled`) }).first()).toBeVisible();

  await expect
    .poll(async () => ((await (await page.request.get(`/api/post/${postId}`)).json()) as { post: { status: string } }).post.status, { timeout: 90_000, intervals: [1000] })
    .toBe("published");
  await page.reload();
  await page.getByRole("button", { name: new RegExp(content) }).first().click();
  const details = page.getByRole("dialog", { name: "Post Details" });
  await expect(details.getByText("Published on")).toBeVisible();
  for (const item of pages) {
    const posted = (await (await fetch(`${sandboxUrl()}/_control/publish/posts?platform=facebook&target=${item.id}`)).json()) as { posts: { text: string }[] };
    expect(posted.posts.map((p) => p.text)).toEqual([content]);
  }
});

test("dragging a scheduled post to the next day keeps its time of day", async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughForm(page);
  const { ourPages } = await connectTwoPages(page);
  // Tomorrow 10:00 in New York (15:00 UTC in winter, 14:00 in summer).
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const nyOffsetHours = Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" }).format(new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 12)))) - 12;
  const at = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 10 - nyOffsetHours));
  const content = `Drag me ${numericId()}`;
  const postId = await scheduledDraft(page, [ourPages[0]!.id], content, at);

  await page.goto("/schedule");
  if (at.getUTCMonth() !== new Date().getUTCMonth()) await page.getByRole("button", { name: "Next month" }).click();
  const handle = page.getByRole("button", { name: new RegExp(`^${content}, scheduled`) }).first();
  const nextDay = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(
    new Date(at.getTime() + 24 * 3600_000),
  );
  const target = page.getByRole("gridcell", { name: nextDay });
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

  const moved = ((await (await page.request.get(`/api/post/${postId}`)).json()) as { post: { scheduledAt: string } }).post.scheduledAt;
  const localTime = (iso: string) => new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
  const localDay = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(iso));
  expect(localTime(moved)).toBe("10:00");
  expect(localDay(moved)).toBe(localDay(new Date(at.getTime() + 24 * 3600_000).toISOString()));
});
