import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { env } from "@/lib/server/env";

/**
 * The worker's sign of life: its `worker_heartbeats` row, renewed every second on the database's
 * clock. /api/health reads it; the publish claims (lib/publishing/server/claim.ts) record which
 * worker holds a page, and another worker takes over a page whose holder's heartbeat is older than
 * LOST_AFTER_SECONDS, without waiting for the claim's age limit (PUBLISH_STALE_SECONDS).
 *
 * That is safe only if a worker never sends while it may look lost: one whose heartbeat has not
 * been written for MAY_SEND_FOR_MS (Postgres away, the process stalled) sends nothing more, and
 * aborts the platform requests it has in flight (`fence`), well before LOST_AFTER_SECONDS. The
 * claims it held until then count as lost to it for good: once its heartbeat is written again it
 * goes on under a new id, so those pages are taken over at once rather than after the age limit.
 * The beat has a connection of its own, so a pool busy with a burst of pages never delays it.
 */

const BEAT_EVERY_MS = 1_000;
/** A worker whose heartbeat was last written longer ago than this sends nothing. */
export const MAY_SEND_FOR_MS = 4_000;
/**
 * A worker whose heartbeat is older than this is lost: its claims may be taken over. Twice
 * MAY_SEND_FOR_MS, so that by then its requests have stopped for seconds, even on a busy machine.
 */
export const LOST_AFTER_SECONDS = 8;
const QUERY_TIMEOUT_MS = 2_000;
const CHECK_EVERY_MS = 250;
const ABORTED = AbortSignal.abort();

export interface Heartbeat {
  /** The id a claim records now. */
  holder(): string;
  /** Whether a claim recorded under `holder` may still send: this id, and the heartbeat fresh. */
  mayAct(holder: string): boolean;
  /**
   * Whether this process may claim pages now: the heartbeat is fresh. A claim made while it has
   * lapsed records an id whose row is stale or not written yet, so any other worker would take the
   * page over at once: a wasted claim, and a page attempted twice.
   */
  mayClaim(): boolean;
  /** Aborted once the heartbeat lapses: every platform request of the process gives up then. */
  fence(): AbortSignal;
  /** Stops sending, stops beating and removes the process's rows. */
  stop(): Promise<void>;
}

let running: Heartbeat | undefined;

/** The process's heartbeat, undefined where none runs (a test calling the engine itself). */
export const heartbeat = (): Heartbeat | undefined => running;

/** Starts beating; resolves once the first heartbeat is written (or could not be). */
export async function startHeartbeat(workerId: string, startedAt: Date): Promise<Heartbeat> {
  let epoch = 0;
  const idOf = (n: number) => (n === 0 ? workerId : `${workerId}~${n}`);
  const used = new Set<string>([workerId]);
  let lastWrittenAt = -Infinity;
  let lapsed = true;
  let stopped = false;
  let controller = new AbortController();
  let client: pg.Client | undefined;

  const fresh = () => !stopped && !lapsed && performance.now() - lastWrittenAt <= MAY_SEND_FOR_MS;
  /** Past MAY_SEND_FOR_MS: abort what is in flight, and every claim made so far is lost to us. */
  const check = () => {
    if (lapsed || fresh()) return;
    lapsed = true;
    epoch += 1;
    console.warn(
      `[worker] heartbeat not written for ${MAY_SEND_FOR_MS / 1000} s: sending and claiming stop, and the claims held so far are given up`,
    );
    used.add(idOf(epoch));
    controller.abort();
    controller = new AbortController();
  };

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    const opened = new pg.Client({
      connectionString: env.DATABASE_URL,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    opened.on("error", () => undefined);
    await opened.connect();
    client = opened;
    return opened;
  }

  let beating: Promise<void> | undefined;
  async function beat() {
    check();
    const issuedAt = performance.now();
    const atEpoch = epoch;
    try {
      await (
        await connection()
      ).query(
        `insert into worker_heartbeats (worker_id, hostname, pid, started_at, last_seen_at)
         values ($1, $2, $3, $4, now())
         on conflict (worker_id) do update set last_seen_at = now()`,
        [idOf(atEpoch), hostname(), process.pid, startedAt],
      );
      // Written under the id claims record now: sending may go on (or start again, under it).
      if (atEpoch === epoch && !stopped) {
        lastWrittenAt = issuedAt;
        lapsed = false;
      }
    } catch (error) {
      console.error("[worker] heartbeat failed", error);
      const broken = client;
      client = undefined;
      await broken?.end().catch(() => undefined);
    }
  }
  const beatOnce = () => (beating ??= beat().finally(() => (beating = undefined)));

  await beatOnce();
  const beats = setInterval(() => void beatOnce(), BEAT_EVERY_MS);
  const checks = setInterval(check, CHECK_EVERY_MS);
  beats.unref();
  checks.unref();

  running = {
    holder: () => idOf(epoch),
    mayAct: (holder) => {
      check();
      return holder === idOf(epoch) && fresh();
    },
    mayClaim: () => {
      check();
      return fresh();
    },
    fence: () => {
      check();
      return fresh() ? controller.signal : ABORTED;
    },
    async stop() {
      stopped = true;
      controller.abort();
      clearInterval(beats);
      clearInterval(checks);
      await beating?.catch(() => undefined);
      try {
        await (
          await connection()
        ).query("delete from worker_heartbeats where worker_id = any($1::text[])", [[...used]]);
      } finally {
        await client?.end().catch(() => undefined);
        client = undefined;
        running = undefined;
      }
    },
  };
  return running;
}
