import { createHash } from "node:crypto";

/**
 * Stable identifiers derived from a seed (an e-mail, a username). Real platforms never change a
 * person's id, so the sandbox derives it: the same input gives the same id across sign-ins,
 * resets and restarts, and tests can predict it.
 */

/** A decimal id of `digits` digits with no leading zero (Facebook, X). */
export function numericId(seed: string, digits = 16): string {
  const digest = createHash("sha256").update(seed).digest();
  const number = digest.readBigUInt64BE(0) % 10n ** BigInt(digits - 1);
  return `1${number.toString().padStart(digits - 1, "0")}`;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A short mixed-case id like LinkedIn's member ids ("782bbtaQ"). */
export function alphanumericId(seed: string, length = 10): string {
  const digest = createHash("sha256").update(seed).digest();
  return [...digest.subarray(0, length)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}
