import { z } from "zod";
import { env } from "@/lib/server/env";
import { redis } from "@/lib/server/redis";

/**
 * Problems only the operator can fix (a provider's credits or spend limit used up, a model the
 * provider no longer serves), noticed by whichever process made the call and shown in /api/health.
 * The web process, the worker and the tests' processes share them through Redis; each is kept a
 * while after its last sighting, and a call that succeeds again clears it.
 */

export const PROVIDER_ALERT_KINDS = {
  openai: ["quota_exceeded", "model_not_served"],
  x: ["credits_depleted", "usage_capped"],
} as const;

export type AlertProvider = keyof typeof PROVIDER_ALERT_KINDS;
export type ProviderAlertKind<P extends AlertProvider = AlertProvider> = (typeof PROVIDER_ALERT_KINDS)[P][number];

export interface ProviderAlert {
  provider: AlertProvider;
  kind: string;
  /** What the operator should do, in words. */
  message: string;
  /** The provider's own error code or type, when it gave one. */
  providerCode: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** A week: long enough to be seen, short enough that a fixed problem does not linger unseen. */
const KEEP_MS = 7 * 86_400_000;

const hashKey = () => `${env.REDIS_PREFIX}:provider-alerts`;
const field = (provider: AlertProvider, kind: string) => `${provider}:${kind}`;

/** Records (or refreshes) an alert; never throws, since it runs on an error path already. */
export async function raiseProviderAlert<P extends AlertProvider>(alert: {
  provider: P;
  kind: ProviderAlertKind<P>;
  message: string;
  providerCode?: string | null;
  now?: Date;
}): Promise<void> {
  const now = (alert.now ?? new Date()).toISOString();
  try {
    const previous = parseAlert(await redis().hget(hashKey(), field(alert.provider, alert.kind)));
    const next: ProviderAlert = {
      provider: alert.provider,
      kind: alert.kind,
      message: alert.message,
      providerCode: alert.providerCode ?? null,
      firstSeenAt: previous?.firstSeenAt ?? now,
      lastSeenAt: now,
    };
    await redis().hset(hashKey(), field(alert.provider, alert.kind), JSON.stringify(next));
    if (!previous) console.error(`[${alert.provider}] ${alert.message}`);
  } catch (error) {
    console.error(`[${alert.provider}] could not record the alert "${alert.kind}": ${alert.message}`, error);
  }
}

/** The provider answered normally again: the alert no longer holds. Never throws. */
export async function clearProviderAlert<P extends AlertProvider>(provider: P, kind: ProviderAlertKind<P>) {
  try {
    await redis().hdel(hashKey(), field(provider, kind));
  } catch (error) {
    console.error(`[${provider}] could not clear the alert "${kind}"`, error);
  }
}

/** The alerts seen within the last week, oldest first. */
export async function listProviderAlerts(now: Date = new Date()): Promise<ProviderAlert[]> {
  const stored = await redis().hgetall(hashKey());
  return Object.values(stored)
    .map(parseAlert)
    .filter((alert): alert is ProviderAlert => alert !== null)
    .filter((alert) => now.getTime() - Date.parse(alert.lastSeenAt) < KEEP_MS)
    .sort((a, b) => a.firstSeenAt.localeCompare(b.firstSeenAt));
}

const storedAlertSchema = z.object({
  provider: z.enum(Object.keys(PROVIDER_ALERT_KINDS) as [AlertProvider, ...AlertProvider[]]),
  kind: z.string(),
  message: z.string(),
  providerCode: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});

function parseAlert(text: string | null | undefined): ProviderAlert | null {
  if (!text) return null;
  try {
    const parsed = storedAlertSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
