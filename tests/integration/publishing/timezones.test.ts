import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { posts } from "@/db/schema";
import { dayKey, wallClock } from "@/lib/schedule/calendar";
import { toScheduledDate } from "@/lib/schedule/time";
import { registeredClient } from "../../fixtures/api-client";
import { platformPosts, until } from "../../fixtures/publishing";
import { connectFacebook, uid } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";

/**
 * "Every post leaves at its local wall-clock time": people in four zones each pick the next whole
 * minute on their own clock in the Schedule Post modal. The modal's conversion runs under each zone
 * (process.env.TZ, as a browser there would), the API stores the instant, and the worker must call
 * the platform at it. DST changes cannot be waited for here: the second test schedules 09:00 on the
 * days either side of each 2027 change and checks the stored instant and the queued job's run time.
 */

const ZONES = ["Europe/London", "America/New_York", "Pacific/Kiritimati", "UTC"];
/** The platform call must come at the instant, and within this much after it. */
const TOLERANCE_MS = 3_000;

function inZone<T>(zone: string, fn: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return fn();
  } finally {
    process.env.TZ = before;
  }
}

describe("time zones end to end", () => {
  it(
    "a post scheduled at a local wall-clock time in London, New York, Kiritimati and UTC goes out at that time",
    { timeout: 120_000 },
    async () => {
      const { client } = await registeredClient();
      const { account, fbUser } = await connectFacebook(client, (ids) => ids, undefined, ZONES.length);
      // The next whole minute at least 15 s away: what each person picks on their own clock.
      const minute = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);

      const planned: { zone: string; chosen: ReturnType<typeof wallClock>; content: string; pageId: string }[] = [];
      for (const [index, zone] of ZONES.entries()) {
        const chosen = inZone(zone, () => wallClock(minute)); // the date and time fields as the person sees them
        const scheduledAt = inZone(zone, () => toScheduledDate(dayKey(chosen), chosen.hour, chosen.minute))!;
        expect(scheduledAt.toISOString(), zone).toBe(minute.toISOString());
        const content = `${zone} at ${dayKey(chosen)} ${chosen.hour}:${String(chosen.minute).padStart(2, "0")} ${uid()}`;
        const draft = await client.post("/api/social/posts", {
          pages: [{ type: "post", pageId: account.pages[index]!.id, platform: "facebook" }],
          content,
        });
        expect(draft.status, draft.text).toBe(201);
        const id = (draft.body.post as { id: string }).id;
        const response = await client.put(`/api/post/${id}`, {
          scheduledAt: scheduledAt.toISOString(),
          status: "scheduled",
        });
        expect(response.status, response.text).toBe(200);
        planned.push({ zone, chosen, content, pageId: fbUser.pages[index]!.id });
      }
      // Kiritimati's clock runs 14 hours ahead of UTC: most of the day it shows tomorrow's date.
      const kiritimati = planned.find((plan) => plan.zone === "Pacific/Kiritimati")!;
      expect(kiritimati.chosen.hour).toBe((minute.getUTCHours() + 14) % 24);

      await until(
        async () =>
          (
            await Promise.all(
              planned.map(async (plan) =>
                (await platformPosts(plan.pageId)).some((post) => post.text === plan.content),
              ),
            )
          ).every(Boolean),
        minute.getTime() - Date.now() + 30_000,
        "every zone's post on its Page",
      );
      for (const plan of planned) {
        const calls = (await platformPosts(plan.pageId)).filter((post) => post.text === plan.content);
        expect(calls, plan.zone).toHaveLength(1);
        const at = new Date(calls[0]!.createdAt);
        expect(at.getTime() - minute.getTime(), plan.zone).toBeGreaterThanOrEqual(0);
        expect(at.getTime() - minute.getTime(), plan.zone).toBeLessThan(TOLERANCE_MS);
        // On that person's wall clock, the post left at the minute they picked.
        expect(wallClock(at, plan.zone), plan.zone).toMatchObject({
          year: plan.chosen.year,
          month: plan.chosen.month,
          day: plan.chosen.day,
          hour: plan.chosen.hour,
          minute: plan.chosen.minute,
        });
      }
    },
  );
});

afterAll(async () => {
  const { closePublishQueue } = await import("@/lib/publishing/server/publish-queue");
  await closePublishQueue();
});

describe("time zones across daylight-saving changes", () => {
  // 09:00 on the wall clock, the day before and the day of each change next year (always ahead of
  // now, so the API accepts the schedule), and the UTC instant it is.
  const year = new Date().getUTCFullYear() + 1;
  const day = (month: number, date: number) => new Date(Date.UTC(year, month - 1, date));
  const key = (date: Date) => date.toISOString().slice(0, 10);
  const at = (date: Date, utcHour: number) => new Date(date.getTime() + utcHour * 3_600_000).toISOString();
  const before = (date: Date) => new Date(date.getTime() - 86_400_000);
  const sundayOnOrAfter = (date: Date) => new Date(date.getTime() + ((7 - date.getUTCDay()) % 7) * 86_400_000);
  const lastSunday = (month: number) => new Date(sundayOnOrAfter(day(month + 1, 1)).getTime() - 7 * 86_400_000);
  const londonSpring = lastSunday(3); // forward at 01:00
  const londonAutumn = lastSunday(10); // back at 02:00
  const newYorkSpring = sundayOnOrAfter(day(3, 8)); // the second Sunday of March, forward at 02:00
  const newYorkAutumn = sundayOnOrAfter(day(11, 1)); // the first Sunday of November, back at 02:00
  const MATRIX: [zone: string, day: string, utc: string][] = [
    ["Europe/London", key(before(londonSpring)), at(before(londonSpring), 9)],
    ["Europe/London", key(londonSpring), at(londonSpring, 8)],
    ["Europe/London", key(before(londonAutumn)), at(before(londonAutumn), 8)],
    ["Europe/London", key(londonAutumn), at(londonAutumn, 9)],
    ["America/New_York", key(before(newYorkSpring)), at(before(newYorkSpring), 14)],
    ["America/New_York", key(newYorkSpring), at(newYorkSpring, 13)],
    ["America/New_York", key(before(newYorkAutumn)), at(before(newYorkAutumn), 13)],
    ["America/New_York", key(newYorkAutumn), at(newYorkAutumn, 14)],
    ["Pacific/Kiritimati", key(day(1, 2)), at(day(1, 1), 19)], // UTC+14: the day before in UTC
    ["UTC", key(day(3, 28)), at(day(3, 28), 9)],
  ];

  it("each pair of rows straddles a change: the same 09:00 is a different UTC hour on the two days", () => {
    for (let row = 0; row < 8; row += 2) {
      const [[zone, dayBefore, utcBefore], [, dayOf, utcOf]] = [MATRIX[row]!, MATRIX[row + 1]!];
      expect(new Date(`${dayOf}T00:00:00Z`).getTime() - new Date(`${dayBefore}T00:00:00Z`).getTime(), zone).toBe(
        86_400_000,
      );
      expect(new Date(utcOf).getUTCHours(), `${zone} ${dayOf}`).not.toBe(new Date(utcBefore).getUTCHours());
      expect(new Date(`${dayOf}T12:00:00Z`).getUTCDay(), `${zone} ${dayOf}`).toBe(0); // changes happen on a Sunday
    }
  });

  it("09:00 local is stored as the right instant and its publish job is due then, on both sides of each change", async () => {
    Object.assign(process.env, testStack().env);
    const { publishQueue, publishJobId, PUBLISH_BACKSTOP_MS } = await import("@/lib/publishing/server/publish-queue");
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    for (const [zone, day, utc] of MATRIX) {
      const scheduledAt = inZone(zone, () => toScheduledDate(day, 9, 0))!;
      expect(scheduledAt.toISOString(), `${zone} ${day}`).toBe(utc);
      const draft = await client.post("/api/social/posts", {
        pages: [{ type: "post", pageId: account.pages[0]!.id, platform: "facebook" }],
        content: `${zone} ${day} 09:00 ${uid()}`,
      });
      const id = (draft.body.post as { id: string }).id;
      const response = await client.put(`/api/post/${id}`, {
        scheduledAt: scheduledAt.toISOString(),
        status: "scheduled",
      });
      expect(response.status, response.text).toBe(200);
      // What the calendar shows that person: 09:00 on the day they picked.
      const stored = (response.body.post as { scheduledAt: string }).scheduledAt;
      expect(stored, `${zone} ${day}`).toBe(utc);
      expect(wallClock(new Date(stored), zone), `${zone} ${day}`).toMatchObject({ hour: 9, minute: 0 });
      expect(dayKey(wallClock(new Date(stored), zone))).toBe(day);
      // The dispatchers take it at that instant; its job is the recovery a set time after.
      const [row] = await testDb().select({ version: posts.scheduleVersion }).from(posts).where(eq(posts.id, id));
      const job = await publishQueue().getJob(publishJobId({ postId: id, scheduleVersion: row!.version }));
      expect(job, `${zone} ${day}`).toBeDefined();
      expect(
        Math.abs(job!.timestamp + (job!.opts.delay ?? 0) - (Date.parse(utc) + PUBLISH_BACKSTOP_MS)),
        `${zone} ${day}`,
      ).toBeLessThan(1_000);
      await client.delete(`/api/post/${id}`);
    }
  });
});
