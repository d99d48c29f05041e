import { QueryClient, dehydrate } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { PREFILLED_MAX_AGE_MS, withoutOldAnswers } from "@/lib/client/prefilled-state";

function stateWith(answers: [string, number][]) {
  const client = new QueryClient();
  for (const [key, at] of answers) client.setQueryData([key], { key }, { updatedAt: at });
  return dehydrate(client);
}

describe("withoutOldAnswers: a page replayed by Back or Forward asks again for what it read long ago", () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);

  it("keeps answers read within the limit, the same state object when none is older", () => {
    const state = stateWith([
      ["post", now - 1_000],
      ["list", now - PREFILLED_MAX_AGE_MS],
    ]);
    expect(withoutOldAnswers(state, now)).toBe(state);
  });

  it("leaves out answers older than the limit and keeps the others", () => {
    const state = stateWith([
      ["post", now - PREFILLED_MAX_AGE_MS - 1],
      ["list", now - 5_000],
    ]);
    const kept = withoutOldAnswers(state, now);
    expect(kept.queries.map((query) => query.queryKey)).toEqual([["list"]]);
    expect(state.queries).toHaveLength(2);
  });
});
