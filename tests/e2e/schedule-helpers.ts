import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The scheduler specs' posts and clock: the browser runs in New York (each spec's test.use). */

export const ZONE = "America/New_York";

export async function scheduledDraft(page: Page, pageIds: string[], content: string, at: Date) {
  const created = await page.request.post("/api/social/posts", {
    data: { pages: pageIds.map((pageId) => ({ type: "post", pageId, platform: "facebook" })), content },
  });
  const { post } = (await created.json()) as { post: { id: string } };
  const scheduled = await page.request.put(`/api/post/${post.id}`, {
    data: { scheduledAt: at.toISOString(), status: "scheduled" },
  });
  expect(scheduled.status()).toBe(200);
  return post.id;
}

/** The instant of a wall-clock time in New York (the browser's zone in these tests). */
export function newYorkTime(year: number, month: number, day: number, hour: number, minute = 0): Date {
  const noonUtc = new Date(Date.UTC(year, month, day, 12));
  const offsetHours =
    Number(new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", hourCycle: "h23" }).format(noonUtc)) -
    12;
  return new Date(Date.UTC(year, month, day, hour - offsetHours, minute));
}

export const localTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );
export const localDay = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date(iso));
export const cellName = (date: Date) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(date);

/** Next month as the calendar counts it: from today's month in New York, not in UTC. */
export function nextNewYorkMonth(): { year: number; month: number } {
  const [year, month] = localDay(new Date().toISOString()).split("-").map(Number) as [number, number];
  return month === 12 ? { year: year + 1, month: 0 } : { year, month }; // month: 0-based, so `month` is the next one
}

export async function scheduledAtOf(page: Page, postId: string) {
  return ((await (await page.request.get(`/api/post/${postId}`)).json()) as { post: { scheduledAt: string } }).post
    .scheduledAt;
}
