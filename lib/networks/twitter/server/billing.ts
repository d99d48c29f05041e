import { clearProviderAlert, raiseProviderAlert, type ProviderAlertKind } from "@/lib/server/provider-alerts";
import {
  asRecord,
  asString,
  platformRequest,
  type PlatformRequestInit,
  type PlatformResponse,
} from "@/lib/networks/server/http";

/**
 * X's pay-per-use billing as our client meets it (docs.x.com/x-api/getting-started/pricing and
 * /x-api/fundamentals/response-codes-and-errors, checked 2026-12-01): with the app's credits used
 * up X answers 402 (`"title": "CreditsDepleted"`); past a monthly usage cap (3 million post reads,
 * or the spending limit set in the Developer Console) 429 with the `usage-capped` problem type.
 * Neither passes by waiting minutes, and only the operator can fix them, so each call's answer
 * raises or clears the matching provider alert that /api/health lists.
 */

type XAlert = ProviderAlertKind<"x">;

export const isCreditsDepleted = (response: PlatformResponse) => response.status === 402;

export function isUsageCapped(response: PlatformResponse): boolean {
  if (response.status !== 429) return false;
  const body = asRecord(response.body);
  return /\/problems\/usage-capped$/.test(asString(body.type) ?? "") || body.title === "UsageCapExceeded";
}

/** The alerts this process raised, cleared at the next success; others are cleared at most once a minute. */
const raisedHere = new Set<XAlert>();
const lastClearMs = new Map<XAlert, number>();
const CLEAR_EVERY_MS = 60_000;

function clearAfterSuccess(kind: XAlert): Promise<void> | undefined {
  const now = Date.now();
  if (!raisedHere.has(kind) && now - (lastClearMs.get(kind) ?? 0) < CLEAR_EVERY_MS) return undefined;
  raisedHere.delete(kind);
  lastClearMs.set(kind, now);
  return clearProviderAlert("x", kind);
}

async function raise(kind: XAlert, message: string, providerCode: string | null): Promise<void> {
  raisedHere.add(kind);
  await raiseProviderAlert({ provider: "x", kind, message, providerCode });
}

/**
 * What an answer says about the app's X billing. `countsAsPostRead`: the call reads posts, so a
 * success shows the post-read cap is not reached (a post or an upload says nothing about it).
 */
export async function noteXBilling(response: PlatformResponse, countsAsPostRead: boolean): Promise<void> {
  const body = asRecord(response.body);
  if (isCreditsDepleted(response)) {
    await raise(
      "credits_depleted",
      "X answered 402 CreditsDepleted: the X API credits of this Postloom installation are used up. Add credits (or turn on auto-recharge) in X's Developer Console, console.x.com; every X call fails until then.",
      asString(body.title) ?? "CreditsDepleted",
    );
    return;
  }
  if (isUsageCapped(response)) {
    const detail = asString(body.detail) ?? "Usage cap exceeded";
    await raise(
      "usage_capped",
      `X answered 429 UsageCapExceeded (${detail}): this Postloom installation's X app reached a monthly usage cap. Raise the spending limit in X's Developer Console, console.x.com, or wait for the next billing cycle.`,
      asString(body.title) ?? "UsageCapExceeded",
    );
    return;
  }
  if (response.status < 200 || response.status >= 300) return;
  await clearAfterSuccess("credits_depleted");
  if (countsAsPostRead) await clearAfterSuccess("usage_capped");
}

/** A billed X API call: the request, then what its answer says about billing. */
export async function xApiRequest(
  url: string,
  init: PlatformRequestInit = {},
  { countsAsPostRead = false }: { countsAsPostRead?: boolean } = {},
): Promise<PlatformResponse> {
  const response = await platformRequest(url, init);
  await noteXBilling(response, countsAsPostRead);
  return response;
}
