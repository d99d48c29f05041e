import { describe, expect, it } from "vitest";
import { isReasoningModel, lengthParams } from "@/lib/ai/server/model-params";

describe("the length limit each model family accepts", () => {
  it("knows the reasoning families, also behind a provider prefix", () => {
    for (const model of ["o1", "o3-mini", "o4-mini", "gpt-5", "gpt-5-mini", "gpt-5.1", "openai/gpt-5"])
      expect(isReasoningModel(model), model).toBe(true);
    for (const model of ["gpt-4o-mini", "gpt-4.1", "llama3.1:8b", "qwen2.5", "omni-moderation", "gpt-50x"])
      expect(isReasoningModel(model), model).toBe(false);
  });

  it("reasoning models get max_completion_tokens with room to reason; compatible servers get max_tokens", () => {
    expect(lengthParams("gpt-5-mini", 300, false)).toEqual({ max_completion_tokens: 4_396, reasoning_effort: "low" });
    expect(lengthParams("gpt-4o-mini", 300, true)).toEqual({ max_completion_tokens: 300 });
    expect(lengthParams("llama3.1:8b", 300, false)).toEqual({ max_tokens: 300 });
  });
});
