import { env } from "@/lib/server/env";
import { redis } from "@/lib/server/redis";

/**
 * Failed-login counters in Redis, shared by every web process. An e-mail is locked after
 * LOGIN_MAX_FAILURES failures in the window; an IP after five times that (an office behind one
 * address should not be locked out by one person's typos).
 */

const IP_FACTOR = 5;

const keys = (email: string, ip: string) => ({
  email: `${env.REDIS_PREFIX}:login-fail:email:${email.toLowerCase()}`,
  ip: `${env.REDIS_PREFIX}:login-fail:ip:${ip}`,
});

/** Seconds until the caller may try again, or 0 when a login attempt is allowed. */
export async function loginRetryAfter(email: string, ip: string): Promise<number> {
  const k = keys(email, ip);
  const [[, emailCount], [, ipCount], [, emailTtl], [, ipTtl]] = (await redis()
    .multi()
    .get(k.email)
    .get(k.ip)
    .ttl(k.email)
    .ttl(k.ip)
    .exec()) as [[null, string | null], [null, string | null], [null, number], [null, number]];
  if (Number(emailCount ?? 0) >= env.LOGIN_MAX_FAILURES) return Math.max(1, emailTtl);
  if (Number(ipCount ?? 0) >= env.LOGIN_MAX_FAILURES * IP_FACTOR) return Math.max(1, ipTtl);
  return 0;
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  const window = env.LOGIN_WINDOW_SECONDS;
  await redis().multi().incr(k.email).expire(k.email, window, "NX").incr(k.ip).expire(k.ip, window, "NX").exec();
}

export async function clearLoginFailures(email: string): Promise<void> {
  await redis().del(keys(email, "").email);
}

export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || "unknown";
}
