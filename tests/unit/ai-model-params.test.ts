import { describe, expect, it } from "vitest";
import { lengthParams } from "@/lib/ai/server/model-params";
import { MODEL_FAMILIES, knownShutdownDate, modelFamily, parameterFamily } from "@/lib/ai/server/models";

describe("the parameters each model family takes, from one table", () => {
  it("knows the reasoning and classic families, also behind a provider prefix", () => {
    for (const model of ["o1", "o3-mini", "o4-mini", "gpt-5", "gpt-5-mini", "gpt-5.1", "gpt-5.4-mini", "openai/gpt-5"])
      expect(parameterFamily(model, false), model).toBe("reasoning");
    for (const model of ["gpt-6-luna", "gpt-6.1-terra", "gpt-6-sol"])
      expect(modelFamily(model)?.params, model).toBe("reasoning");
    for (const model of ["gpt-4o-mini", "gpt-4o-2024-08-06", "gpt-4.1", "gpt-4.1-nano", "gpt-4-turbo", "gpt-3.5-turbo"])
      expect(parameterFamily(model, true), model).toBe("classic");
  });

  it("an unknown model gets the reasoning parameters from OpenAI itself, the classic ones on a compatible server", () => {
    for (const model of ["gpt-7-nova", "o9-preview", "gpt-50x"]) {
      expect(modelFamily(model), model).toBeUndefined();
      expect(parameterFamily(model, true), model).toBe("reasoning");
      expect(parameterFamily(model, false), model).toBe("classic");
    }
    expect(lengthParams("gpt-7-nova", 300, true)).toEqual({ max_completion_tokens: 4_396, reasoning_effort: "low" });
    expect(lengthParams("llama3.1:8b", 300, false)).toEqual({ max_tokens: 300 });
  });

  it("reasoning models get max_completion_tokens with room to reason; classic ones the limit itself", () => {
    expect(lengthParams("gpt-6-luna", 300, true)).toEqual({ max_completion_tokens: 4_396, reasoning_effort: "low" });
    expect(lengthParams("gpt-5-mini", 300, false)).toEqual({ max_completion_tokens: 4_396, reasoning_effort: "low" });
    expect(lengthParams("gpt-4o-mini", 300, true)).toEqual({ max_completion_tokens: 300 });
    expect(lengthParams("gpt-4o-mini", 300, false)).toEqual({ max_tokens: 300 });
  });

  it("names the shutdown dates OpenAI announced, per id, and none for current models", () => {
    expect(knownShutdownDate("gpt-4o-mini")).toBe("2027-01-14");
    expect(knownShutdownDate("gpt-5-mini-2025-08-07")).toBe("2026-12-11");
    expect(knownShutdownDate("o4-mini")).toBe("2026-10-23");
    expect(knownShutdownDate("gpt-6-luna")).toBeNull();
    expect(knownShutdownDate("gpt-5.4-mini")).toBeNull();
    // Every dated id belongs to the family it is listed under (no typo hides a date).
    for (const { family, shutdowns } of MODEL_FAMILIES)
      for (const id of Object.keys(shutdowns ?? {})) expect(modelFamily(id)?.family, id).toBe(family);
  });
});
