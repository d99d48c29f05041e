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
