import { describe, expect, it } from "vitest";
import type { PageQueueViewDto } from "@/lib/queue/schemas";
import { nextFreeSlot, queueWeekday, slotInstants, sortSlots } from "@/lib/queue/slots";
import { freeSlotSuggestions } from "@/lib/queue/suggestions";

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("queue slots", () => {
  it("counts weekdays from Monday", () => {
    expect(queueWeekday({ year: 2026, month: 11, day: 7 })).toBe(0); // Monday 7 December 2026
    expect(queueWeekday({ year: 2026, month: 11, day: 13 })).toBe(6);
  });

  it("keeps one slot per weekday and minute, in order", () => {
    expect(
      sortSlots([
        { weekday: 2, minute: 600 },
        { weekday: 0, minute: 540 },
        { weekday: 2, minute: 600 },
      ]),
    ).toEqual([
      { weekday: 0, minute: 540 },
      { weekday: 2, minute: 600 },
    ]);
  });

  it("stays on the wall clock across a DST change (London, clocks back on 25 October 2026)", () => {
    const slots = [{ weekday: 4, minute: 9 * 60 }]; // Fridays 09:00
    const instants = slotInstants(
      slots,
      "Europe/London",
      new Date("2026-10-20T00:00:00Z"),
      new Date("2026-11-03T00:00:00Z"),
    );
    expect(iso(instants)).toEqual(["2026-10-23T08:00:00.000Z", "2026-10-30T09:00:00.000Z"]);
  });

  it("reads the slots in the queue's zone (New York, clocks back on 1 November 2026)", () => {
    const slots = [{ weekday: 6, minute: 18 * 60 + 30 }]; // Sundays 18:30
    const instants = slotInstants(
      slots,
      "America/New_York",
      new Date("2026-10-25T00:00:00Z"),
      new Date("2026-11-02T12:00:00Z"),
    );
    expect(iso(instants)).toEqual(["2026-10-25T22:30:00.000Z", "2026-11-01T23:30:00.000Z"]);
  });

  it("moves a slot in the skipped hour forward by the jump and makes one of two slots meeting there", () => {
    // Sunday 29 March 2026, London: 01:00 → 02:00. 01:30 falls at 02:30 BST, as 02:30 would.
    const slots = [
      { weekday: 6, minute: 90 },
      { weekday: 6, minute: 150 },
    ];
    const instants = slotInstants(
      slots,
      "Europe/London",
      new Date("2026-03-28T12:00:00Z"),
      new Date("2026-03-29T12:00:00Z"),
    );
    expect(iso(instants)).toEqual(["2026-03-29T01:30:00.000Z"]);
  });

  it("gives the first free slot after the time, skipping taken ones", () => {
    const slots = [
      { weekday: 0, minute: 9 * 60 },
      { weekday: 0, minute: 17 * 60 },
    ];
    const from = new Date("2026-12-07T09:00:00Z"); // Monday 09:00 UTC: that slot is still open
    const taken = new Set([Date.parse("2026-12-07T09:00:00Z")]);
    expect(nextFreeSlot(slots, "UTC", from, taken, 56)?.toISOString()).toBe("2026-12-07T17:00:00.000Z");
    expect(nextFreeSlot(slots, "UTC", new Date("2026-12-07T17:00:01Z"), taken, 56)?.toISOString()).toBe(
      "2026-12-14T09:00:00.000Z",
    );
    expect(nextFreeSlot([], "UTC", from, taken, 56)).toBeNull();
    expect(nextFreeSlot(slots, "UTC", from, new Set([Date.parse("2026-12-07T17:00:00Z"), ...taken]), 6)).toBeNull();
  });
});

describe("the Schedule Post dialog's suggestions", () => {
  const queue = (pageId: string, pageName: string, paused: boolean, upcoming: PageQueueViewDto["upcoming"]) =>
    ({ pageId, pageName, paused, upcoming }) as PageQueueViewDto;
  const post = { id: "p" } as NonNullable<PageQueueViewDto["upcoming"][number]["post"]>;

  it("offers the earliest free slots of the post's pages, one per instant, never a paused queue's", () => {
    const queues = [
      queue("a", "Corner Bakery", false, [
        { at: "2026-12-07T09:00:00.000Z", slot: true, post },
        { at: "2026-12-07T12:00:00.000Z", slot: true, post: null },
        { at: "2026-12-08T09:00:00.000Z", slot: true, post: null },
        { at: "2026-12-08T10:30:00.000Z", slot: false, post },
      ]),
      queue("b", "Night Bakery", false, [
        { at: "2026-12-07T12:00:00.000Z", slot: true, post: null },
        { at: "2026-12-07T08:00:00.000Z", slot: true, post: null },
      ]),
      queue("c", "Paused Page", true, [{ at: "2026-12-07T07:00:00.000Z", slot: true, post: null }]),
      queue("d", "Not chosen", false, [{ at: "2026-12-07T06:00:00.000Z", slot: true, post: null }]),
    ];
    expect(freeSlotSuggestions(queues, ["a", "b", "c"], new Date("2026-12-07T07:30:00Z"), 3)).toEqual([
      { at: "2026-12-07T08:00:00.000Z", pageNames: ["Night Bakery"] },
      { at: "2026-12-07T12:00:00.000Z", pageNames: ["Corner Bakery", "Night Bakery"] },
      { at: "2026-12-08T09:00:00.000Z", pageNames: ["Corner Bakery"] },
    ]);
    expect(freeSlotSuggestions(queues, ["a"], new Date("2026-12-09T00:00:00Z"))).toEqual([]);
  });
});
