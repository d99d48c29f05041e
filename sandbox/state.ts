import { randomBytes } from "node:crypto";
import type { XTier } from "./platforms/twitter/tiers";

/**
 * Everything the sandbox remembers, in memory, per server instance (tests run several at once).
 * Codes and tokens are shared by all platforms; each platform keeps its own people and objects in
 * a slice it defines itself, so adding X or LinkedIn never touches this file.
 * Time comes from `now()`, which tests can push forward (POST /_control/clock) to expire things.
 */

export interface StateSlice<T> {
  readonly name: string;
  create(): T;
  /** JSON-friendly view for GET /_control/state. */
  dump(value: T): unknown;
}

export function defineSlice<T>(name: string, create: () => T, dump: (value: T) => unknown): StateSlice<T> {
  return { name, create, dump };
}

export interface AuthCode {
  value: string;
  platform: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  /** Who consented: the platform's user id. */
  subject: string;
  codeChallenge?: string;
  codeChallengeMethod?: "plain" | "S256";
  nonce?: string;
  issuedAt: number;
  expiresAt: number;
  redeemedAt: number | null;
  /** Platform-specific facts captured at consent (e.g. access_type=offline). */
  data: Record<string, string>;
  /** Tokens minted from this code, revoked if someone replays it (RFC 6749 §4.1.2). */
  tokens: string[];
}

export interface IssuedToken {
  value: string;
  platform: string;
  /** e.g. "access", "refresh", "user", "page". */
  kind: string;
  clientId: string;
  /** The user (or, for page tokens, the page) the token speaks for. */
  subject: string;
  scopes: string[];
  issuedAt: number;
  /** null = never expires (Facebook page tokens from a long-lived user token). */
  expiresAt: number | null;
  revokedAt: number | null;
  data: Record<string, string>;
}

export type TokenCheck =
  | { status: "valid"; token: IssuedToken }
  | { status: "expired"; token: IssuedToken }
  | { status: "revoked"; token: IssuedToken }
  | { status: "unknown" };

export type CodeRedemption =
  { status: "ok"; code: AuthCode } | { status: "unknown" } | { status: "expired" | "redeemed"; code: AuthCode };

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * How the sandbox was started, as the real services know an app's plan: kept across
 * /_control/reset (which forgets data, not the plan).
 */
export interface SandboxConfig {
  /** X API access tier whose rate limits apply (SANDBOX_X_TIER; pay-per-use by default). */
  xTier: XTier;
  /**
   * Where Stripe events go and the secret that signs them, as a Stripe account's webhook endpoint:
   * set on first use (sandbox/platforms/stripe/state.ts) and by /_control/stripe/webhook.
   */
  stripeWebhook?: { url: string | null; secret: string; apiVersion: string };
}

export class SandboxStore {
  constructor(readonly config: SandboxConfig = { xTier: "payg" }) {}

  private clockOffsetMs = 0;
  private readonly codes = new Map<string, AuthCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly slices: StateSlice<unknown>[] = [];
  private readonly sliceValues = new Map<StateSlice<unknown>, unknown>();
  private readonly clockListeners: (() => void)[] = [];

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  advanceClock(seconds: number): void {
    this.clockOffsetMs += seconds * 1000;
    for (const listener of this.clockListeners) listener();
  }

  /** Puts the clock at an absolute instant (earlier or later), from which it runs on in real time. */
  setClock(atMs: number): void {
    this.clockOffsetMs = atMs - Date.now();
    for (const listener of this.clockListeners) listener();
  }

  /** Runs after every clock move: what falls due then happens (Stripe renews subscriptions). */
  onClockAdvance(listener: () => void): void {
    this.clockListeners.push(listener);
  }

  get clockOffsetSeconds(): number {
    return this.clockOffsetMs / 1000;
  }

  /** Lists a slice in the state dump even before anything is stored in it. */
  register<T>(slice: StateSlice<T>): void {
    if (!this.slices.includes(slice as StateSlice<unknown>)) this.slices.push(slice as StateSlice<unknown>);
  }

  slice<T>(slice: StateSlice<T>): T {
    const key = slice as StateSlice<unknown>;
    if (!this.sliceValues.has(key)) this.sliceValues.set(key, slice.create());
    return this.sliceValues.get(key) as T;
  }

  reset(): void {
    this.clockOffsetMs = 0;
    this.codes.clear();
    this.tokens.clear();
    this.sliceValues.clear();
  }

  issueCode(
    input: Omit<AuthCode, "value" | "issuedAt" | "expiresAt" | "redeemedAt" | "tokens">,
    ttlSeconds: number,
    prefix = "",
  ): AuthCode {
    const issuedAt = this.now();
    const code: AuthCode = {
      ...input,
      value: prefix + randomToken(32),
      issuedAt,
      expiresAt: issuedAt + ttlSeconds * 1000,
      redeemedAt: null,
      tokens: [],
    };
    this.codes.set(code.value, code);
    return code;
  }

  /** A code is spent by any attempt to redeem it, successful or not, as Google does. */
  redeemCode(value: string, platform: string): CodeRedemption {
    const code = this.codes.get(value);
    if (!code || code.platform !== platform) return { status: "unknown" };
    if (code.redeemedAt !== null) {
      for (const token of code.tokens) this.revokeToken(token);
      return { status: "redeemed", code };
    }
    code.redeemedAt = this.now();
    if (code.expiresAt <= code.redeemedAt) return { status: "expired", code };
    return { status: "ok", code };
  }

  issueToken(
    input: Omit<IssuedToken, "value" | "issuedAt" | "expiresAt" | "revokedAt">,
    ttlSeconds: number | null,
    prefix = "",
  ): IssuedToken {
    const issuedAt = this.now();
    const token: IssuedToken = {
      ...input,
      value: prefix + randomToken(),
      issuedAt,
      expiresAt: ttlSeconds === null ? null : issuedAt + ttlSeconds * 1000,
      revokedAt: null,
    };
    this.tokens.set(token.value, token);
    return token;
  }

  checkToken(value: string, platform: string): TokenCheck {
    const token = this.tokens.get(value);
    if (!token || token.platform !== platform) return { status: "unknown" };
    if (token.revokedAt !== null) return { status: "revoked", token };
    if (token.expiresAt !== null && token.expiresAt <= this.now()) return { status: "expired", token };
    return { status: "valid", token };
  }

  revokeToken(value: string): boolean {
    const token = this.tokens.get(value);
    if (!token || token.revokedAt !== null) return false;
    token.revokedAt = this.now();
    return true;
  }

  /** Makes matching live tokens expire now (the control API's "this token went stale"). */
  expireTokens(predicate: (token: IssuedToken) => boolean): number {
    const now = this.now();
    let count = 0;
    for (const token of this.tokens.values()) {
      if (!predicate(token) || token.revokedAt !== null) continue;
      if (token.expiresAt !== null && token.expiresAt <= now) continue;
      token.expiresAt = now - 1000;
      count += 1;
    }
    return count;
  }

  findTokens(predicate: (token: IssuedToken) => boolean): IssuedToken[] {
    return [...this.tokens.values()].filter(predicate);
  }

  snapshot(): Record<string, unknown> {
    const now = this.now();
    const tokensByPlatform: Record<string, Record<string, { issued: number; active: number }>> = {};
    for (const token of this.tokens.values()) {
      const byKind = (tokensByPlatform[token.platform] ??= {});
      const counts = (byKind[token.kind] ??= { issued: 0, active: 0 });
      counts.issued += 1;
      if (token.revokedAt === null && (token.expiresAt === null || token.expiresAt > now)) counts.active += 1;
    }
    const codes = [...this.codes.values()];
    const dump: Record<string, unknown> = {
      clock: { now: new Date(now).toISOString(), offsetSeconds: this.clockOffsetSeconds },
      config: this.config,
      codes: { issued: codes.length, redeemed: codes.filter((code) => code.redeemedAt !== null).length },
      tokens: { issued: this.tokens.size, byPlatform: tokensByPlatform },
    };
    for (const slice of this.slices) dump[slice.name] = slice.dump(this.slice(slice));
    return dump;
  }
}
