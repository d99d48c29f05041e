import { clearProviderAlert, raiseProviderAlert } from "@/lib/server/provider-alerts";
import { aiModel } from "./client";
import { isModelNotFound, isQuotaError, providerCode } from "./errors";

/**
 * What a provider answer tells the operator: a billing refusal or a model no longer served raises
 * an alert in /api/health (nothing a user can do about either), and an answer that works again
 * clears both. Neither ever throws: they run beside the user's request, not in its way.
 */

export async function noteAiFailure(error: unknown): Promise<void> {
  if (isQuotaError(error)) {
    await raiseProviderAlert({
      provider: "openai",
      kind: "quota_exceeded",
      message:
        "OpenAI refused a request for billing reasons (credits used up, or a spend or usage limit reached): " +
        "add credits or raise the limit in the OpenAI dashboard. Users see 'AI usage quota exceeded' until then.",
      providerCode: providerCode(error) ?? null,
    });
  } else if (isModelNotFound(error)) {
    await raiseProviderAlert({
      provider: "openai",
      kind: "model_not_served",
      message: `The AI provider does not serve the model "${aiModel}" (OPENAI_MODEL): choose a current one.`,
      providerCode: "model_not_found",
    });
  }
}

export async function noteAiSuccess(): Promise<void> {
  await Promise.all([clearProviderAlert("openai", "quota_exceeded"), clearProviderAlert("openai", "model_not_served")]);
}
