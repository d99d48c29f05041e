import { describe, expect, it } from "vitest";
import { dayKey, wallClock } from "@/lib/schedule/calendar";
import { toScheduledDate } from "@/lib/schedule/time";
import { registeredClient } from "../fixtures/api-client";
import { platformPosts, until } from "../fixtures/publishing";
import { connectFacebook, uid } from "../fixtures/social";

/**
 * "Every post leaves at its local wall-clock time": people in four zones each pick the next whole
 * minute on their own clock in the Schedule Post modal. The modal's conversion runs under each zone
 * (process.env.TZ, as a browser there would), the API stores the instant, and the worker must call
 * the platform at it. DST changes cannot be waited for here; the conversion across them is
 * covered by tests/unit/schedule-timezones.test.ts, and past the conversion everything is UTC.
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
