import { describe, expect, it } from "vitest";
import { paintOrder, wasPaintHeld } from "../../bench/paint-order";

/** A navigation to /content at 1,000,000 µs, and what the trace then shows (times in µs). */
const start = {
  name: "navigationStart",
  ts: 1_000_000,
  pid: 7,
  tid: 1,
  args: { data: { documentLoaderURL: "http://localhost:3000/content", navigationId: "N1" } },
};
const blank = {
  name: "navigationStart",
  ts: 900_000,
  pid: 7,
  args: { data: { documentLoaderURL: "", navigationId: "N0" } },
};
const send = (url: string, ts: number) => ({ name: "ResourceSendRequest", ts, pid: 7, args: { data: { url } } });
const run = (url: string, ts: number, pid = 7) => ({ name: "EvaluateScript", ts, pid, args: { data: { url } } });
/** A task of a thread (the page's main thread: pid 7, tid 1). */
const task = (ts: number, dur: number, tid = 1) => ({ name: "RunTask", ts, dur, pid: 7, tid });
const paint = (ts: number, navigationId = "N1") => ({
  name: "firstContentfulPaint",
  ts,
  pid: 7,
  args: { data: { navigationId } },
});

describe("paintOrder", () => {
  it("counts the page's scripts run before its first contentful paint, not inline ones or other processes'", () => {
    const events = [
      blank,
      paint(950_000, "N0"),
      start,
      send("http://localhost:3000/content", 1_001_000),
      send("http://localhost:3000/_next/static/chunks/a.js", 1_060_000),
      send("http://localhost:3000/_next/static/chunks/b.js", 1_060_000),
      send("http://localhost:3000/_next/static/chunks/c.js", 1_061_000),
      run("http://localhost:3000/content", 1_070_000),
      run("http://localhost:3000/_next/static/chunks/a.js", 1_120_000),
      run("http://localhost:3000/_next/static/chunks/b.js", 1_130_000, 8),
      paint(1_150_000),
      run("http://localhost:3000/_next/static/chunks/b.js", 1_160_000),
      run("http://localhost:3000/_next/static/chunks/c.js", 1_170_000),
      { name: "MarkDOMContent", ts: 1_180_000, pid: 7 },
    ];
    expect(paintOrder(events)).toEqual({
      firstContentfulPaintMs: 150,
      domContentLoadedMs: 180,
      scripts: 3,
      scriptsRunBeforePaint: 1,
      mainThreadIdleBeforePaintMs: 150,
    });
  });

  it("gives the main thread's longest stretch without a task of 1 ms or more before the paint, other threads' aside", () => {
    const events = [
      start,
      task(1_000_000, 40_000),
      task(1_020_000, 10_000), // within the first
      task(1_100_000, 5_000), // 60 ms after the first ended
      task(1_110_000, 900_000, 2), // another thread
      task(1_200_000, 100_000),
      task(1_600_000, 500), // IPC and timer bookkeeping: not busy
      task(1_998_000, 2_000), // 698 ms after: the paint was held outside the page
      paint(2_010_000),
      task(2_500_000, 10_000), // after the paint
    ];
    expect(paintOrder(events)?.mainThreadIdleBeforePaintMs).toBe(698);
    // With nothing after the last task, the stretch up to the paint counts.
    expect(paintOrder([start, task(1_000_000, 50_000), paint(1_400_000)])?.mainThreadIdleBeforePaintMs).toBe(350);
  });

  it("is null for a trace without the page's navigation or its paint", () => {
    expect(paintOrder([blank, paint(950_000, "N0")])).toBeNull();
    expect(paintOrder([start, send("http://localhost:3000/a.js", 1_001_000)])).toBeNull();
  });
});

describe("wasPaintHeld", () => {
  it("is true when the main thread sat idle 300 ms or more before the paint, as in a held frame", () => {
    const held = paintOrder([start, task(1_000_000, 50_000), task(1_100_000, 20_000), paint(1_700_000)]);
    const prompt = paintOrder([start, task(1_000_000, 50_000), task(1_100_000, 150_000), paint(1_260_000)]);
    expect(held?.mainThreadIdleBeforePaintMs).toBe(580);
    expect(wasPaintHeld(held)).toBe(true);
    expect(prompt?.mainThreadIdleBeforePaintMs).toBe(50);
    expect(wasPaintHeld(prompt)).toBe(false);
    expect(wasPaintHeld(null)).toBe(false);
  });
});
