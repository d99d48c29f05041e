import { describe, expect, it } from "vitest";
import { classConflicts } from "../e2e/class-conflicts";

// The e2e suite's guard for `cn`, which joins and does not merge (lib/utils.ts): it must name an
// element whose classes set the same thing twice, and pass a component's `base:` default.
describe("classConflicts", () => {
  it("names the class a later one overrides", () => {
    expect(classConflicts(["bg-card flex flex-col gap-6 py-6 py-4"])).toEqual([
      'py-6 overridden in "bg-card flex flex-col gap-6 py-6 py-4"',
    ]);
    expect(classConflicts(["leading-none font-semibold text-xl"])).toEqual([
      'leading-none overridden in "leading-none font-semibold text-xl"',
    ]);
    expect(classConflicts(["base:size-8 base:size-12"])).toEqual([
      'base:size-8 overridden in "base:size-8 base:size-12"',
    ]);
  });

  it("passes classes for different things, variants of one, and a base: default under a plain class", () => {
    expect(
      classConflicts([
        "flex items-center gap-2 px-3 text-sm text-muted-foreground",
        "p-4 px-2",
        "px-4 sm:px-6 hover:bg-accent bg-card",
        "base:py-6 py-4 base:text-xs text-[0.7rem]",
        "flex flex",
      ]),
    ).toEqual([]);
  });

  it("lists each conflicting element once, in order", () => {
    expect(classConflicts(["w-full w-44", "h-9 h-10"])).toEqual([
      'h-9 overridden in "h-9 h-10"',
      'w-full overridden in "w-full w-44"',
    ]);
  });
});
