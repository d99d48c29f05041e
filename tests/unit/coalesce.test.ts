import { afterEach, describe, expect, it, vi } from "vitest";
import { coalesce } from "@/lib/server/coalesce";

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
    3,
  );
  return { call, batches, singles };
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
});
