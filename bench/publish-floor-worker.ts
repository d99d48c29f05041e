/**
 * bench/publish-floor-worker: the floor that `bench/publish-lag --floor` measures the workers
 * against. Not a publisher: the least work publishing a page exactly once can cost on this
 * machine, with the app's own tables, triggers and platform client. Each of its lanes repeats:
 *
 *   1. one statement claims up to BATCH due pages (pending → publishing, the text about to be sent
 *      recorded with the claim: the write before the request that exactly once needs);
 *   2. the platform call of each, through the app's platform module and HTTP client;
 *   3. one statement records the published pages (the write after; the metrics trigger fires);
 *   4. one statement marks their posts published (the counters' trigger fires).
 *
 * What it leaves out, and the workers pay: the queue (BullMQ's scripts), reading the post with its
 * pages, media and account, the shared rate limiter, claim renewal, posts of several pages,
 * retries, doubt. Only for the bench's posts (one Facebook Page each, no media, due together).
 */
import pg from "pg";
import { createTokenCipher } from "../lib/server/crypto/token-cipher";
import { platformModule } from "../lib/networks/server";

// One statement at a time, 100 pages each: the cheapest shape measured
// (docs/decisions/0028-publish-statements-prepared-and-batched.md); FLOOR_LANES=5 FLOOR_BATCH=20 is what the workers did before their lane.
const LANES = Number(process.env.FLOOR_LANES ?? 1);
const BATCH = Number(process.env.FLOOR_BATCH ?? 100);
const IDLE_POLL_MS = 25;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: LANES + 1 });
const cipher = createTokenCipher(process.env.TOKEN_ENCRYPTION_KEY!);
const facebook = platformModule("facebook");
let stopping = false;
process.on("SIGTERM", () => {
  stopping = true;
});

// Page tokens decrypted once, before the instant.
const { rows: pageRows } = await pool.query<{ id: string; page_id: string; access_token_enc: string }>(
  `select id, page_id, access_token_enc from social_pages`,
);
const pages = new Map(
  pageRows.map((row) => [row.id, { pageId: row.page_id, token: cipher.decrypt(row.access_token_enc) }]),
);

const CLAIM = `
  with due as (
    select t.id from post_targets t join posts p on p.id = t.post_id
    where p.status = 'scheduled' and p.scheduled_at <= now() and t.status = 'pending'
    order by p.scheduled_at, t.id limit $1
    for update of t skip locked)
  update post_targets t set status = 'publishing', attempts = t.attempts + 1, publishing_started_at = now(),
    sent_at = now(), sent_text = p.content
  from due, posts p where t.id = due.id and p.id = t.post_id
  returning t.id, t.post_id, t.page_id, p.content`;
const FINISH = `
  update post_targets t set status = 'published', platform_post_id = r.platform_post_id, platform_post_url = r.url,
    published_at = now(), error_code = null, error_message = null
  from unnest($1::uuid[], $2::text[], $3::text[]) as r(id, platform_post_id, url)
  where t.id = r.id and t.status = 'publishing'`;
const FAIL = `update post_targets set status = 'failed', error_code = 'floor', error_message = $2 where id = any($1::uuid[])`;
const POSTS_PUBLISHED = `update posts set status = 'published', published_at = now() where id = any($1::uuid[]) and status = 'scheduled'`;

interface Claimed {
  id: string;
  post_id: string;
  page_id: string;
  content: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function publish(row: Claimed) {
  const page = pages.get(row.page_id)!;
  return facebook.publish({
    accessToken: "",
    pageId: page.pageId,
    pageAccessToken: page.token,
    handle: null,
    text: row.content,
    media: [],
    beforeRequest: async () => undefined,
    acceptedMediaId: null,
    onAccepted: async () => undefined,
  });
}

async function lane(): Promise<void> {
  while (!stopping) {
    const { rows } = await pool.query<Claimed>(CLAIM, [BATCH]);
    if (rows.length === 0) {
      await sleep(IDLE_POLL_MS);
      continue;
    }
    const outcomes = await Promise.all(
      rows.map((row) =>
        publish(row).then(
          (published) => ({ row, published }),
          (error: unknown) => ({ row, error }),
        ),
      ),
    );
    const published = outcomes.flatMap((outcome) => ("published" in outcome ? [outcome] : []));
    const failed = outcomes.flatMap((outcome) => ("error" in outcome ? [outcome] : []));
    if (published.length > 0) {
      await pool.query(FINISH, [
        published.map(({ row }) => row.id),
        published.map(({ published }) => published.platformPostId),
        published.map(({ published }) => published.url),
      ]);
      await pool.query(POSTS_PUBLISHED, [published.map(({ row }) => row.post_id)]);
    }
    if (failed.length > 0)
      await pool.query(FAIL, [failed.map(({ row }) => row.id), String((failed[0] as { error: unknown }).error)]);
  }
}

// The bench waits for a heartbeat row from each worker it started.
await pool.query(
  `insert into worker_heartbeats (worker_id, hostname, pid, started_at, last_seen_at)
   values ($1, 'floor', $2, now(), now())`,
  [`floor-${process.pid}`, process.pid],
);
await Promise.all(Array.from({ length: LANES }, lane));
await pool.end();
