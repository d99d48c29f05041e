import { json } from "./responses";
import type { Router } from "./router";
import { defineSlice, type SandboxStore } from "./state";

/**
 * Every grant the platforms were asked to end (X and LinkedIn's revoke endpoints, Facebook's
 * DELETE /me/permissions), oldest first, so a test can check that deleting an account in the app
 * called each platform. GET /_control/revocations lists them.
 */

export type RevocationPlatform = "facebook" | "twitter" | "linkedin";

export interface Revocation {
  platform: RevocationPlatform;
  /** Facebook user id, X user id or LinkedIn member sub whose grant ended; null for an unknown token. */
  subject: string | null;
  /** How many tokens (access, refresh, Page) stopped working. */
  revokedTokens: number;
  at: string;
}

export const revocationLog = defineSlice<Revocation[]>(
  "revocations",
  () => [],
  (value) => value.length,
);

export function recordRevocation(
  store: SandboxStore,
  platform: RevocationPlatform,
  subject: string | null,
  revokedTokens: number,
): void {
  store.slice(revocationLog).push({ platform, subject, revokedTokens, at: new Date(store.now()).toISOString() });
}

export function registerRevocationControl(router: Router, store: SandboxStore): void {
  store.register(revocationLog);
  router.get("/_control/revocations", () => json(200, { revocations: store.slice(revocationLog) }));
}
