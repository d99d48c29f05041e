import { describe, expect, it } from "vitest";
import {
  groupByDay,
  minuteLabel,
  neighbourSlot,
  sameSlots,
  slotDay,
  slotTime,
  slotsOn,
} from "@/components/queue/queue-display";
import type { QueueEntryDto, QueuePostDto } from "@/lib/queue/schemas";

const post = (id: string, queued = true): QueuePostDto => ({
  id,
  title: null,
  content: `Post ${id}`,
  status: "scheduled",
  approvalState: null,
  thumbnailUrl: null,
  thumbnailKind: null,
  queued,
});
const slot = (at: string, held: QueuePostDto | null = null): QueueEntryDto => ({ at, slot: true, post: held });

describe("queue display", () => {
  it("shows times on the queue's 24-hour clock and days as 'Mon 7 Dec'", () => {
    expect(minuteLabel(9 * 60 + 5)).toBe("09:05");
    expect(minuteLabel(23 * 60 + 45)).toBe("23:45");
    expect(slotTime("2026-12-07T17:30:00.000Z", "Europe/London")).toBe("17:30");
    expect(slotTime("2026-12-07T17:30:00.000Z", "America/New_York")).toBe("12:30");
    expect(slotDay("2026-12-07T09:00:00.000Z", "Europe/London")).toBe("Mon 7 Dec");
  });

  it("groups entries by the queue's day, not the browser's", () => {
    const entries = [slot("2026-12-07T22:00:00.000Z"), slot("2026-12-08T04:00:00.000Z")];
    expect(groupByDay(entries, "Europe/London").map((day) => day.label)).toEqual(["Mon 7 Dec", "Tue 8 Dec"]);
    // 17:00 and 23:00 in New York: one day there.
    expect(groupByDay(entries, "America/New_York").map((day) => [day.label, day.entries.length])).toEqual([
      ["Mon 7 Dec", 2],
    ]);
  });

  it("moves to the neighbouring slot, stepping over one a post holds at a time of its own", () => {
    const entries: QueueEntryDto[] = [
      slot("2026-12-07T09:00:00.000Z", post("a")),
      { at: "2026-12-07T10:00:00.000Z", slot: false, post: post("own", false) },
      slot("2026-12-07T12:00:00.000Z", post("own-at-slot", false)),
      slot("2026-12-07T17:00:00.000Z"),
      slot("2026-12-08T09:00:00.000Z", post("b")),
    ];
    expect(neighbourSlot(entries, 0, -1)).toBeNull();
    expect(neighbourSlot(entries, 0, 1)).toBe("2026-12-07T17:00:00.000Z");
    expect(neighbourSlot(entries, 4, -1)).toBe("2026-12-07T17:00:00.000Z");
    expect(neighbourSlot(entries, 3, 1)).toBe("2026-12-08T09:00:00.000Z");
    expect(neighbourSlot(entries, 4, 1)).toBeNull();
  });

  it("compares slot lists as sets and lists a weekday's slots in order", () => {
    const slots = [
      { weekday: 1, minute: 720 },
      { weekday: 0, minute: 540 },
      { weekday: 1, minute: 600 },
    ];
    expect(sameSlots(slots, [...slots].reverse())).toBe(true);
    expect(sameSlots(slots, slots.slice(1))).toBe(false);
    expect(slotsOn(slots, 1)).toEqual([600, 720]);
  });
});
