import { json } from "../../responses";
import type { RequestContext, SandboxModule } from "../../router";
import { registerOpenAICompletions } from "./completions";
import { registerOpenAIControl } from "./control";
import { checkApiKey, invalidUrl, modelNotFoundOnRetrieve, requestIdHeader } from "./errors";
import { servedModel, servedModels, type SandboxModel } from "./models";
import { openaiState } from "./state";

/**
 * api.openai.com/v1 under /openai/v1: chat completions, plain and streamed, and the model list, for
 * the official SDK pointed at it through `baseURL`. It serves the models OpenAI serves (models.ts):
 * a retired or unknown one answers 404 model_not_found, as OpenAI does.
 */

/** A fixed date (2024-05-13), so the list is the same on every run. */
const MODEL_CREATED = 1_715_558_400;

const modelObject = (model: SandboxModel) => ({
  id: model.id,
  object: "model",
  created: MODEL_CREATED,
  owned_by: "system",
  shutdown_date: model.shutdownDate,
});

function listModels(ctx: RequestContext) {
  const added = ctx.store.slice(openaiState).models;
  const data = servedModels(ctx.store.now(), added).map(modelObject);
  return checkApiKey(ctx) ?? json(200, { object: "list", data }, requestIdHeader());
}

function retrieveModel(ctx: RequestContext) {
  const denied = checkApiKey(ctx);
  if (denied) return denied;
  const id = ctx.params.model ?? "";
  const model = servedModel(id, ctx.store.now(), ctx.store.slice(openaiState).models);
  return model ? json(200, modelObject(model), requestIdHeader()) : modelNotFoundOnRetrieve(id);
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
