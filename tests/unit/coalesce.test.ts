import { afterEach, describe, expect, it, vi } from "vitest";
import { coalesce, lane, type Lane } from "@/lib/server/coalesce";

afterEach(() => vi.restoreAllMocks());

/** A batched double, and a record of how it was asked. */
function doubler({ failBatch = false, failOne = (_: number): boolean => false } = {}) {
  const batches: number[][] = [];
  const singles: number[] = [];
  const call = coalesce(
    async (inputs: number[]) => {
      batches.push(inputs);
      if (failBatch) throw new Error("deadlock detected");
      return inputs.map((input) => input * 2);
    },
    async (input: number) => {
      singles.push(input);
      if (failOne(input)) throw new Error(`no ${input}`);
      return input * 2;
    },
    { maxBatch: 3 },
  );
  return { call, batches, singles };
}

/** A batched double whose batches stay out until released, in the order they were sent. */
function heldDoubler(shared?: Lane) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const call = coalesce(
    async (inputs: number[]) => {
      batches.push(inputs);
      await new Promise<void>((release) => releases.push(release));
      return inputs.map((input) => input * 2);
    },
    async (input: number) => input * 2,
    { lane: shared },
  );
  return { call, batches, releases };
}

describe("coalesce", () => {
  it("answers the calls of one turn with one batch, each caller its own answer", async () => {
    const { call, batches, singles } = doubler();
    const answers = await Promise.all([call(1), call(2), call(3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(singles).toEqual([]);
  });

  it("asks the single form when a turn holds one call, and starts a new batch in the next turn", async () => {
    const { call, batches, singles } = doubler();
    expect(await call(5)).toBe(10);
    expect(await Promise.all([call(6), call(7)])).toEqual([12, 14]);
    expect(singles).toEqual([5]);
    expect(batches).toEqual([[6, 7]]);
  });

  it("splits a turn's calls into batches of at most the given size", async () => {
    const { call, batches } = doubler();
    expect(await Promise.all([1, 2, 3, 4, 5].map((input) => call(input)))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("when a batch fails, answers each call on its own, and an error stays with its caller", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { call, singles } = doubler({ failBatch: true, failOne: (input) => input === 2 });
    const answers = await Promise.allSettled([call(1), call(2), call(3)]);
    expect(answers).toEqual([
      { status: "fulfilled", value: 2 },
      { status: "rejected", reason: new Error("no 2") },
      { status: "fulfilled", value: 6 },
    ]);
    expect(singles.sort()).toEqual([1, 2, 3]);
  });

  it("sends one batch at a time: calls made meanwhile wait and go together in the next", async () => {
    const { call, batches, releases } = heldDoubler();
    const first = Promise.all([call(1), call(2)]);
    await vi.waitFor(() => expect(batches).toEqual([[1, 2]]));
    // Three later turns while the first batch is out: nothing more is sent.
    const second = [call(3)];
    await new Promise((resolve) => setImmediate(resolve));
    second.push(call(4));
    await new Promise((resolve) => setImmediate(resolve));
    second.push(call(5));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    releases[0]!();
    expect(await first).toEqual([2, 4]);
    await vi.waitFor(() =>
      expect(batches).toEqual([
        [1, 2],
        [3, 4, 5],
      ]),
    );
    releases[1]!();
    expect(await Promise.all(second)).toEqual([6, 8, 10]);
  });

  it("sends up to a lane's slots of batches at once", async () => {
    const { call, batches, releases } = heldDoubler(lane(2));
    const first = Promise.all([call(1), call(2)]);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    const second = Promise.all([call(3), call(4)]);
    await vi.waitFor(() =>
      expect(batches).toEqual([
        [1, 2],
        [3, 4],
      ]),
    );
    const third = Promise.all([call(5), call(6)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toHaveLength(2);
    releases[1]!();
    expect(await second).toEqual([6, 8]);
    await vi.waitFor(() =>
      expect(batches).toEqual([
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
    );
    releases[0]!();
    releases[2]!();
    expect(await Promise.all([first, third])).toEqual([
      [2, 4],
      [10, 12],
    ]);
  });

  it("lets the statements of one lane take turns: one waits while another's batch is out", async () => {
    const sent: string[] = [];
    const releases: (() => void)[] = [];
    const shared = lane(1);
    const statement = (name: string) =>
      coalesce(
        async (inputs: number[]) => {
          sent.push(`${name} ${inputs.join(",")}`);
          await new Promise<void>((release) => releases.push(release));
          return inputs;
        },
        async (input: number) => {
          sent.push(`${name} ${input}`);
          await new Promise<void>((release) => releases.push(release));
          return input;
        },
        { lane: shared },
      );
    const claim = statement("claim");
    const finish = statement("finish");
    const claims = Promise.all([claim(1), claim(2)]);
    await vi.waitFor(() => expect(sent).toEqual(["claim 1,2"]));
    const finishes = Promise.all([finish(3), finish(4)]);
    const later = claim(5);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(["claim 1,2"]);
    releases[0]!();
    // Served in turn: the finish asked for the lane before the second claim did.
    await vi.waitFor(() => expect(sent).toEqual(["claim 1,2", "finish 3,4"]));
    releases[1]!();
    await vi.waitFor(() => expect(sent).toEqual(["claim 1,2", "finish 3,4", "claim 5"]));
    releases[2]!();
    expect(await Promise.all([claims, finishes, later])).toEqual([[1, 2], [3, 4], 5]);
  });
});
