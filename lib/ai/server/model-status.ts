import { z } from "zod";
import { clearProviderAlert, raiseProviderAlert } from "@/lib/server/provider-alerts";
import { aiModel, isAiOffline, openaiClient } from "./client";
import { knownShutdownDate } from "./models";

/**
 * Is the configured model still served, and for how long? Asked of the provider's GET /v1/models
 * (each model's `shutdown_date`, as developers.openai.com/api/docs/deprecations advises for
 * monitoring shutdowns), with our own table (models.ts) where the provider gives no date. Cached, so
 * /api/health does not call the provider on every request.
 */

export interface AiModelWarning {
  kind: "model_not_served" | "model_shutdown_soon";
  message: string;
}

export interface AiModelStatus {
  model: string;
  /** Listed by the provider's GET /v1/models; null when the provider could not be asked. */
  servedByProvider: boolean | null;
  /** The announced shutdown date (YYYY-MM-DD), the provider's or else ours. */
  shutdownOn: string | null;
  warnings: AiModelWarning[];
}

/** How far ahead a shutdown is worth a warning. */
export const SHUTDOWN_WARNING_DAYS = 60;
const CACHE_MS = 5 * 60_000;
/** A failed look-up is asked again sooner: the provider may only have blinked. */
const FAILED_CACHE_MS = 60_000;
const LOOKUP_TIMEOUT_MS = 5_000;

const listedModelSchema = z.object({
  id: z.string(),
  shutdown_date: z.string().nullish(),
});

interface Listing {
  served: boolean | null;
  shutdownDate: string | null;
}

let cached: { until: number; listing: Listing } | undefined;

async function askProvider(): Promise<Listing> {
  try {
    const page = await openaiClient().models.list({ timeout: LOOKUP_TIMEOUT_MS });
    for await (const entry of page) {
      const listed = listedModelSchema.safeParse(entry);
      if (listed.success && listed.data.id === aiModel)
        return { served: true, shutdownDate: listed.data.shutdown_date ?? null };
    }
    return { served: false, shutdownDate: null };
  } catch (error) {
    console.error("[ai] could not list the provider's models", error instanceof Error ? error.message : error);
    return { served: null, shutdownDate: null };
  }
}

async function listing(nowMs: number): Promise<Listing> {
  if (cached && cached.until > nowMs) return cached.listing;
  const fresh = await askProvider();
  cached = { until: nowMs + (fresh.served === null ? FAILED_CACHE_MS : CACHE_MS), listing: fresh };
  if (fresh.served === false)
    await raiseProviderAlert({
      provider: "openai",
      kind: "model_not_served",
      message: `The AI provider does not list the model "${aiModel}" (OPENAI_MODEL) in GET /v1/models: choose a current one.`,
      providerCode: "model_not_found",
    });
  else if (fresh.served) await clearProviderAlert("openai", "model_not_served");
  return fresh;
}

const DAY_MS = 86_400_000;

/** The configured model's status; null when no model is configured (the offline writer answers). */
export async function getAiModelStatus(now: Date = new Date()): Promise<AiModelStatus | null> {
  if (isAiOffline()) return null;
  const { served, shutdownDate } = await listing(now.getTime());
  const shutdownOn = shutdownDate ?? knownShutdownDate(aiModel);
  const warnings: AiModelWarning[] = [];
  const today = now.toISOString().slice(0, 10);
  if (served === false || (served === null && shutdownOn !== null && shutdownOn <= today)) {
    warnings.push({
      kind: "model_not_served",
      message: `The provider no longer serves ${aiModel}: set OPENAI_MODEL to a current model.`,
    });
  } else if (shutdownOn !== null && Date.parse(shutdownOn) - now.getTime() <= SHUTDOWN_WARNING_DAYS * DAY_MS) {
    warnings.push({
      kind: "model_shutdown_soon",
      message: `OpenAI shuts ${aiModel} down on ${shutdownOn}: set OPENAI_MODEL to a current model before then.`,
    });
  }
  return { model: aiModel, servedByProvider: served, shutdownOn, warnings };
}
