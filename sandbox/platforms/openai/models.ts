/**
 * The models the sandbox serves, as api.openai.com did on 2026-12-01: each with its announced
 * shutdown date (GET /v1/models' `shutdown_date`) and whether it takes the reasoning models'
 * parameters. A model past its shutdown date, or not listed, answers 404 model_not_found.
 * Sources: developers.openai.com/api/docs/deprecations (checked 2026-12-01; "call the List models
 * endpoint and check each model's optional shutdown_date field"), the model pages
 * (developers.openai.com/api/docs/models/<id>: reasoning effort, Chat Completions support).
 */

export interface SandboxModel {
  id: string;
  /** YYYY-MM-DD, or null when OpenAI announced none. */
  shutdownDate: string | null;
  /** Refuses max_tokens and a temperature other than 1; takes reasoning_effort. */
  reasoning: boolean;
}

const served = (ids: string[], shutdownDate: string | null, reasoning: boolean): SandboxModel[] =>
  ids.map((id) => ({ id, shutdownDate, reasoning }));

export const SANDBOX_MODELS: SandboxModel[] = [
  ...served(["gpt-6-luna", "gpt-6-sol", "gpt-6-astra", "gpt-6.1-sol", "gpt-6.1-terra"], null, true),
  ...served(["gpt-5.4", "gpt-5.4-mini", "gpt-5.5"], null, true),
  ...served(["gpt-5.1", "gpt-5.4-nano"], "2027-04-01", true),
  // Announced 2026-10-14: the 4o and 4.1 generations leave the API on 2027-01-14.
  ...served(
    [
      "gpt-4o",
      "gpt-4o-2024-08-06",
      "gpt-4o-2024-11-20",
      "gpt-4o-mini",
      "gpt-4o-mini-2024-07-18",
      "gpt-4.1",
      "gpt-4.1-2025-04-14",
      "gpt-4.1-mini",
      "gpt-4.1-mini-2025-04-14",
    ],
    "2027-01-14",
    false,
  ),
  // Announced 2026-06-11: the first gpt-5 generation and o3 leave on 2026-12-11.
  ...served(
    [
      "gpt-5",
      "gpt-5-2025-08-07",
      "gpt-5-mini",
      "gpt-5-mini-2025-08-07",
      "gpt-5-nano",
      "gpt-5-nano-2025-08-07",
      "o3",
      "o3-2025-04-16",
    ],
    "2026-12-11",
    true,
  ),
  // Shut down on 2026-10-23: still known here, so their date shows, but no longer served.
  ...served(
    ["o1", "o1-2024-12-17", "o3-mini", "o3-mini-2025-01-31", "o4-mini", "o4-mini-2025-04-16"],
    "2026-10-23",
    true,
  ),
  ...served(
    [
      "gpt-3.5-turbo",
      "gpt-3.5-turbo-0125",
      "gpt-4",
      "gpt-4-0613",
      "gpt-4-turbo",
      "gpt-4-turbo-2024-04-09",
      "gpt-4o-2024-05-13",
      "gpt-4.1-nano",
      "gpt-4.1-nano-2025-04-14",
    ],
    "2026-10-23",
    false,
  ),
];

/** The day (UTC) of a sandbox time, as shutdown dates are written. */
const day = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 10);

/** Every model the sandbox knows: a test's own (which win over a built-in of the same id), then the built-in ones. */
const known = (added: SandboxModel[]) => [
  ...added,
  ...SANDBOX_MODELS.filter((model) => !added.some((own) => own.id === model.id)),
];

const isServed = (model: SandboxModel, nowMs: number) => model.shutdownDate === null || model.shutdownDate > day(nowMs);

/** The model as served at `nowMs`: unknown ones and those past their shutdown date are not. */
export function servedModel(id: string, nowMs: number, added: SandboxModel[] = []): SandboxModel | undefined {
  const model = known(added).find((candidate) => candidate.id === id);
  return model && isServed(model, nowMs) ? model : undefined;
}

export function servedModels(nowMs: number, added: SandboxModel[] = []): SandboxModel[] {
  return known(added).filter((model) => isServed(model, nowMs));
}
