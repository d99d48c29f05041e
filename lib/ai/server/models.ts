/**
 * What we know of OpenAI's chat models, by family: which request parameters a family takes, and the
 * shutdown dates OpenAI announced. One table, so a new family is one line and an unknown one falls to
 * the safe side rather than through a name pattern.
 *
 * Parameter families (platform.openai.com/docs/api-reference/chat/create; the reasoning guide):
 * - "reasoning" (o-series, gpt-5 and later): `max_completion_tokens`, which also counts the hidden
 *   reasoning, plus `reasoning_effort`; `max_tokens` is refused (400 unsupported_parameter) and so is
 *   a temperature other than 1 (we send none).
 * - "classic" (gpt-3.5, gpt-4, gpt-4o, gpt-4.1): `max_tokens` or `max_completion_tokens`, temperature.
 *
 * Shutdown dates: developers.openai.com/api/docs/deprecations, checked 2026-12-01 (notices of
 * 2026-04-22, 2026-06-11 and 2026-10-14). GET /v1/models' `shutdown_date` is read at run time as well
 * (model-status.ts); this table is what we know without asking.
 */

export type ParameterFamily = "reasoning" | "classic";

interface ModelFamily {
  /** The family's name: a model is in it when its id is the name or starts with the name and "-". */
  family: string;
  params: ParameterFamily;
  /** Shutdown date (YYYY-MM-DD) of the family's ids; ids not listed have none announced. */
  shutdowns?: Record<string, string>;
}

const dated = (date: string, ...ids: string[]) => Object.fromEntries(ids.map((id) => [id, date]));

export const MODEL_FAMILIES: ModelFamily[] = [
  { family: "gpt-3.5-turbo", params: "classic", shutdowns: dated("2026-10-23", "gpt-3.5-turbo", "gpt-3.5-turbo-0125") },
  {
    family: "gpt-4",
    params: "classic",
    shutdowns: dated(
      "2026-10-23",
      "gpt-4",
      "gpt-4-0613",
      "gpt-4-1106-preview",
      "gpt-4-turbo",
      "gpt-4-turbo-2024-04-09",
    ),
  },
  {
    family: "gpt-4o",
    params: "classic",
    shutdowns: {
      ...dated("2026-10-23", "gpt-4o-2024-05-13"),
      ...dated(
        "2027-01-14",
        "gpt-4o",
        "gpt-4o-2024-08-06",
        "gpt-4o-2024-11-20",
        "gpt-4o-mini",
        "gpt-4o-mini-2024-07-18",
      ),
    },
  },
  {
    family: "gpt-4.1",
    params: "classic",
    shutdowns: {
      ...dated("2026-10-23", "gpt-4.1-nano", "gpt-4.1-nano-2025-04-14"),
      ...dated("2027-01-14", "gpt-4.1", "gpt-4.1-2025-04-14", "gpt-4.1-mini", "gpt-4.1-mini-2025-04-14"),
    },
  },
  {
    family: "o1",
    params: "reasoning",
    shutdowns: dated("2026-10-23", "o1", "o1-2024-12-17", "o1-pro", "o1-pro-2025-03-19"),
  },
  {
    family: "o3",
    params: "reasoning",
    shutdowns: {
      ...dated("2026-10-23", "o3-mini", "o3-mini-2025-01-31"),
      ...dated("2026-12-11", "o3", "o3-2025-04-16", "o3-pro", "o3-pro-2025-06-10"),
    },
  },
  { family: "o4-mini", params: "reasoning", shutdowns: dated("2026-10-23", "o4-mini", "o4-mini-2025-04-16") },
  {
    family: "gpt-5",
    params: "reasoning",
    shutdowns: dated(
      "2026-12-11",
      ...["gpt-5", "gpt-5-2025-08-07", "gpt-5-mini", "gpt-5-mini-2025-08-07", "gpt-5-nano", "gpt-5-nano-2025-08-07"],
      ...["gpt-5-pro", "gpt-5-pro-2025-10-06"],
    ),
  },
  { family: "gpt-5.1", params: "reasoning", shutdowns: dated("2027-04-01", "gpt-5.1") },
  { family: "gpt-5.2", params: "reasoning" },
  { family: "gpt-5.3", params: "reasoning", shutdowns: dated("2027-04-01", "gpt-5.3-codex") },
  { family: "gpt-5.4", params: "reasoning", shutdowns: dated("2027-04-01", "gpt-5.4-nano") },
  { family: "gpt-5.5", params: "reasoning" },
  { family: "gpt-5.6", params: "reasoning" },
  { family: "gpt-6", params: "reasoning" },
  { family: "gpt-6.1", params: "reasoning" },
];

/** The id without a router's provider prefix ("openai/gpt-5" → "gpt-5"), lower case. */
const bareId = (model: string) => model.split("/").pop()!.toLowerCase();

/** The family a model id belongs to; the longest matching name wins ("gpt-4o" over "gpt-4"). */
export function modelFamily(model: string): ModelFamily | undefined {
  const id = bareId(model);
  return MODEL_FAMILIES.filter(({ family }) => id === family || id.startsWith(`${family}-`)).sort(
    (a, b) => b.family.length - a.family.length,
  )[0];
}

/**
 * The parameters to send. A known family gets its own; an unknown model gets the reasoning ones
 * when the calls go to OpenAI itself (a new family is most likely a reasoning one, and the classic
 * `max_tokens` would be refused), and the classic ones on an OpenAI-compatible server, which knows
 * `max_tokens` and may refuse `reasoning_effort`.
 */
export function parameterFamily(model: string, openAiItself: boolean): ParameterFamily {
  return modelFamily(model)?.params ?? (openAiItself ? "reasoning" : "classic");
}

/** The shutdown date OpenAI announced for this id, if any (YYYY-MM-DD). */
export function knownShutdownDate(model: string): string | null {
  return modelFamily(model)?.shutdowns?.[bareId(model)] ?? null;
}
