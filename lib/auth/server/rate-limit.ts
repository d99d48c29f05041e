import { env } from "@/lib/server/env";
import { redis } from "@/lib/server/redis";

/**
 * Sign-in and registration limits, in Redis so every web process shares them.
 *
 * - The strict limit is per e-mail *and* IP: LOGIN_MAX_FAILURES failed logins from one address lock
 *   that address out of that account for the window. It protects the account; keying on the e-mail
 *   alone let anyone lock anyone out.
 * - An IP alone is never locked, only slowed: past five times as many failures over all e-mails, each
 *   further attempt from it waits progressively longer (capped) before its password is checked. An
 *   office behind one address keeps signing in while one person's typos, or a scanner trying many
 *   accounts from it, crawl.
 * - The e-mail alone is slowed the same way once it has LOGIN_MAX_FAILURES failures from any
 *   addresses in the window, so its owner still gets in while an attack from many addresses crawls.
 * - Attempts are counted before the password is checked, in one Lua script (check the locks, then
 *   count), so parallel attempts cannot all pass a check made before any of them was counted; a
 *   successful sign-in gives its count back.
 * - Registration counts per IP the same way and gives a successful registration's count back, so
 *   what is limited is asking about e-mails that already have an account.
 */

const IP_FACTOR = 5;
const DELAY_BASE_MS = 250;
export const LOGIN_MAX_DELAY_MS = 5_000;

/** KEYS: counters; ARGV[1]: window in seconds, ARGV[1 + i]: limit of KEYS[i] (0: counted only). */
const RESERVE = `
local window = tonumber(ARGV[1])
local blocked = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i + 1])
  if limit > 0 and tonumber(redis.call('GET', key) or '0') >= limit then
    local ttl = redis.call('TTL', key)
    if ttl < 1 then ttl = 1 end
    if ttl > blocked then blocked = ttl end
  end
end
if blocked > 0 then return {blocked} end
local result = {0}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('EXPIRE', key, window) end
  result[i + 1] = n
end
return result`;

/** Gives one attempt back; a counter that expired meanwhile stays gone (DECR would recreate it forever). */
const REFUND = `if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end return 0`;

const prefix = () => `${env.REDIS_PREFIX}:auth-limit`;

const loginKeys = (email: string, ip: string) => {
  const address = email.trim().toLowerCase();
  return {
    pair: `${prefix()}:login:pair:${ip}:${address}`,
    ip: `${prefix()}:login:ip:${ip}`,
    email: `${prefix()}:login:email:${address}`,
  };
};

export type Reservation = { allowed: false; retryAfterSeconds: number } | { allowed: true; delayMs: number };

/**
 * Counts a login attempt, or refuses it (nothing counted) while this e-mail is locked for this IP;
 * `delayMs`: how long it waits first, when the e-mail or the IP is past its slowing threshold.
 */
export async function reserveLoginAttempt(email: string, ip: string): Promise<Reservation> {
  const k = loginKeys(email, ip);
  const max = env.LOGIN_MAX_FAILURES;
  const [blocked, , ipCount, emailCount] = (await redis().eval(
    RESERVE,
    3,
    k.pair,
    k.ip,
    k.email,
    env.LOGIN_WINDOW_SECONDS,
    max,
    0,
    0,
  )) as number[];
  if (blocked) return { allowed: false, retryAfterSeconds: blocked };
  return {
    allowed: true,
    delayMs: Math.max(slowedDelayMs((emailCount ?? 1) - 1, max), slowedDelayMs((ipCount ?? 1) - 1, max * IP_FACTOR)),
  };
}

/** How long an attempt waits when its e-mail or IP already has `failures` failures in the window (threshold `max`). */
export function slowedDelayMs(failures: number, max = env.LOGIN_MAX_FAILURES): number {
  if (failures < max) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, DELAY_BASE_MS * 2 ** Math.min(failures - max, 16));
}

/** The right password: this address's and this e-mail's failures are forgiven, the attempt given back. */
export async function loginSucceeded(email: string, ip: string): Promise<void> {
  const k = loginKeys(email, ip);
  await redis().multi().del(k.pair, k.email).eval(REFUND, 1, k.ip).exec();
}

const registerKey = (ip: string) => `${prefix()}:register:ip:${ip}`;

/** Counts a registration attempt from this IP, or refuses it while the IP is over the limit. */
export async function reserveRegistration(ip: string): Promise<Reservation> {
  const [blocked] = (await redis().eval(
    RESERVE,
    1,
    registerKey(ip),
    env.LOGIN_WINDOW_SECONDS,
    env.LOGIN_MAX_FAILURES,
  )) as number[];
  return blocked ? { allowed: false, retryAfterSeconds: blocked } : { allowed: true, delayMs: 0 };
}

/** A new account was created: that attempt revealed nothing and does not count. */
export async function registrationSucceeded(ip: string): Promise<void> {
  await redis().eval(REFUND, 1, registerKey(ip));
}
