import type { ConnectionOptions } from "bullmq";
import { Redis } from "ioredis";
import { env } from "@/lib/server/env";

let client: Redis | undefined;

/** One shared connection per process for commands (rate limits, locks). BullMQ opens its own. */
export function redis(): Redis {
  client ??= new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  return client;
}

export async function closeRedis(): Promise<void> {
  await client?.quit().catch(() => undefined);
  client = undefined;
}

/** The connection BullMQ's queues and workers open for themselves. */
export function redisConnection(): ConnectionOptions {
  const url = new URL(env.REDIS_URL);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password || undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    // BullMQ workers must not give up on a command while Redis restarts.
    maxRetriesPerRequest: null,
  };
}
