import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import { db, type Transaction } from "@/db";
import { userSessions } from "@/db/schema";
import { env } from "@/lib/server/env";
import { redis } from "@/lib/server/redis";

/**
 * Server-side sessions. next-auth's cookie is a JWT that carries the id (`sid`) of a `user_sessions`
 * row; a request is signed in only while that row is not revoked. Postgres is the truth; each web
 * process keeps "this session is live" answers for up to a minute, and drops them the moment any
 * process publishes a revocation on Redis. While that subscription is not up (Redis down, still
 * connecting) nothing is cached and every request asks Postgres, so a revocation is never missed.
 */

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const CACHE_MS = 60_000;
const CACHE_MAX = 10_000;

const channel = () => `${env.REDIS_PREFIX}:session-revoked`;

type Revocation = { sessionId: string } | { userId: string; except?: string };

const live = new Map<string, { userId: string; until: number }>();
/** Bumped by every revocation message and lost subscription: a lookup that started before one must not be cached. */
let generation = 0;
let subscriber: Redis | undefined;
let listening = false;

function forget(message: Revocation): void {
  generation += 1;
  if ("sessionId" in message) {
    live.delete(message.sessionId);
    return;
  }
  for (const [id, entry] of live) if (entry.userId === message.userId && id !== message.except) live.delete(id);
}

function stopTrusting(): void {
  listening = false;
  generation += 1;
  live.clear();
}

function listen(): void {
  if (subscriber) return;
  subscriber = redis().duplicate();
  subscriber.on("error", () => undefined); // reconnects by itself; meanwhile nothing is cached
  subscriber.on("close", stopTrusting);
  subscriber.on("end", stopTrusting);
  subscriber.on("message", (_channel: string, text: string) => {
    try {
      forget(JSON.parse(text) as Revocation);
    } catch {
      stopTrusting();
    }
  });
  // ioredis subscribes again after a reconnect; trust the cache only once it has.
  const subscribe = () =>
    subscriber
      ?.subscribe(channel())
      .then(() => {
        listening = true;
      })
      .catch(stopTrusting);
  subscriber.on("ready", () => void subscribe());
}

async function announce(message: Revocation): Promise<void> {
  forget(message);
  // A lost message costs nothing but a lookup: subscribers that were down cache nothing meanwhile.
  await redis()
    .publish(channel(), JSON.stringify(message))
    .catch((error: unknown) => console.error("[auth] could not announce a session revocation", error));
}

/** Starts a session for a user who just signed in; returns its id for the JWT. */
export async function createUserSession(userId: string): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.transaction(async (tx) => {
    // Housekeeping at the moment a user gains a row: their long-dead ones go.
    await tx.delete(userSessions).where(and(eq(userSessions.userId, userId), lt(userSessions.expiresAt, new Date())));
    await tx.insert(userSessions).values({ id, userId, expiresAt });
  });
  return id;
}

/** True while the session exists for this user and has not been revoked. */
export async function isSessionActive(sessionId: string, userId: string): Promise<boolean> {
  listen();
  const now = Date.now();
  const hit = live.get(sessionId);
  if (listening && hit && hit.until > now && hit.userId === userId) return true;
  if (hit) live.delete(sessionId);

  const startedAt = generation;
  const [row] = await db
    .select({ userId: userSessions.userId, revokedAt: userSessions.revokedAt })
    .from(userSessions)
    .where(eq(userSessions.id, sessionId))
    .limit(1);
  const active = !!row && row.userId === userId && !row.revokedAt;
  if (active && listening && generation === startedAt) {
    if (live.size >= CACHE_MAX) live.delete(live.keys().next().value!);
    live.set(sessionId, { userId, until: now + CACHE_MS });
  }
  return active;
}

/** A refreshed JWT lives 30 more days; so does its row (only for housekeeping: the JWT's expiry decides). */
export async function extendUserSession(sessionId: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

export async function revokeSession(sessionId: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
  await announce({ sessionId });
}

/**
 * Ends every session of the user, except `exceptSessionId` (the one changing its password stays
 * signed in). Pass `tx` to revoke inside the transaction that changes the password; then call
 * `announceUserRevocation` once it has committed.
 */
export async function revokeUserSessions(
  userId: string,
  options: { exceptSessionId?: string; tx?: Transaction } = {},
): Promise<void> {
  const { exceptSessionId, tx } = options;
  await (tx ?? db)
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        exceptSessionId ? ne(userSessions.id, exceptSessionId) : undefined,
      ),
    );
  if (!tx) await announceUserRevocation(userId, exceptSessionId);
}

export function announceUserRevocation(userId: string, exceptSessionId?: string): Promise<void> {
  return announce({ userId, except: exceptSessionId });
}

/** When a session began (its row's creation), and whether the person had a session before it; null without a row. */
export async function sessionBeginning(sessionId: string): Promise<{ begunAt: Date; hadEarlier: boolean } | null> {
  const earlier = db
    .select({ one: sql`1` })
    .from(sql`${userSessions} as earlier`)
    .where(sql`earlier.user_id = ${userSessions.userId} and earlier.created_at < ${userSessions.createdAt}`);
  const [row] = await db
    .select({ begunAt: userSessions.createdAt, hadEarlier: sql<boolean>`exists (${earlier})` })
    .from(userSessions)
    .where(eq(userSessions.id, sessionId));
  return row ?? null;
}
