import { json } from "../../responses";
import type { RequestContext, SandboxModule } from "../../router";
import { registerOpenAICompletions } from "./completions";
import { registerOpenAIControl } from "./control";
import { checkApiKey, invalidUrl, requestIdHeader } from "./errors";
import { openaiState } from "./state";

/**
 * An OpenAI-compatible API under /openai/v1 (api.openai.com/v1): chat completions, plain and
 * streamed, and the model list, for the official SDK pointed at it through `baseURL`. Any model
 * name is accepted; replies are derived from the prompt unless a test queued its own.
 */

/** What GET /models lists; completions accept any other name too. */
export const OPENAI_MODELS = [
  "gpt-4o-mini",
  "gpt-4o",
  "gpt-4.1",
  "gpt-4.1-mini",
  "gpt-4.1-nano",
  "gpt-5-mini",
  "o4-mini",
];
/** A fixed date (2024-05-13), so the list is the same on every run. */
const MODEL_CREATED = 1_715_558_400;

const model = (id: string) => ({ id, object: "model", created: MODEL_CREATED, owned_by: "system" });

function listModels(ctx: RequestContext) {
  return checkApiKey(ctx) ?? json(200, { object: "list", data: OPENAI_MODELS.map(model) }, requestIdHeader());
}

/** Any id answers, as any id works for completions (an app's "is the model there?" check passes). */
function retrieveModel(ctx: RequestContext) {
  return checkApiKey(ctx) ?? json(200, model(ctx.params.model ?? ""), requestIdHeader());
}

export const openai: SandboxModule = {
  name: "openai",
  register(router, store) {
    store.register(openaiState);
    router.get("/openai/v1/models", listModels).get("/openai/v1/models/:model", retrieveModel);
    registerOpenAICompletions(router);
    registerOpenAIControl(router);
    // Last: whatever else is asked under /v1 gets OpenAI's 404, which the SDK turns into NotFoundError.
    for (const method of ["GET", "POST", "DELETE"]) router.add(method, "/openai/v1/:rest(.+)", invalidUrl);
  },
};
