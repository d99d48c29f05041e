import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "@/db/function-files";

/**
 * The migration to workspaces (0023): a database filled under the old schema, where every row
 * belonged to a user, is migrated, and every user then has a personal workspace holding exactly
 * their rows, counts and figures, with the triggers still keeping the derived stores.
 */

const WORKSPACES_MIGRATION = 23;
const adminUrl = "postgres://postgres@127.0.0.1:5432/postgres";
const name = `postloom_wsmig_${randomBytes(4).toString("hex")}`;
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
let pool: pg.Pool;
let before: string;

/** db/migrations as they stood before `idx`: a copy whose journal stops there. */
function migrationsBefore(idx: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), "postloom-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function migrateWith(folder: string) {
  const client = await pool.connect();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    client.release();
  }
}

const query = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
  (await pool.query<T>(text, params)).rows;

/** Two users' data as the old schema held it. */
async function fillOldSchema(ada: string, bob: string) {
  for (const [id, zone] of [
    [ada, "Europe/London"],
    [bob, "Asia/Tokyo"],
  ] as const)
    await query(`insert into users (id, name, email, time_zone) values ($1, $1, $1 || '@example.com', $2)`, [id, zone]);
  for (const [user, posts] of [
    [ada, 3],
    [bob, 1],
  ] as const) {
    const [account] = await query<{ id: string }>(
      `insert into social_accounts (user_id, platform, platform_account_id, access_token_enc)
         values ($1, 'facebook', $1, 'x') returning id`,
      [user],
    );
    const [page] = await query<{ id: string }>(
      `insert into social_pages (social_account_id, user_id, platform, page_id, name) values ($1, $2, 'facebook', $2, 'Page') returning id`,
      [account!.id, user],
    );
    for (let i = 0; i < posts; i += 1) {
      const [post] = await query<{ id: string }>(
        `insert into posts (user_id, content, status, published_at) values ($1, 'Post ' || $2, 'published', now()) returning id`,
        [user, i],
      );
      await query(
        `insert into post_targets (post_id, page_id, type, platform, page_name, status, platform_post_id, published_at)
           values ($1, $2, 'post', 'facebook', 'Page', 'published', $3, now())`,
        [post!.id, page!.id, `${user}_${i}`],
      );
    }
    await query(`insert into posts (user_id, content) values ($1, 'A draft')`, [user]);
    await query(
      `insert into media (user_id, filename, original_filename, storage_key, mime_type, type, size)
         values ($1, $2, 'a.png', 'users/' || $1 || '/a.png', 'image/png', 'image', 10)`,
      [user, `${randomUUID()}.png`],
    );
    await query(
      `insert into subscriptions (user_id, tier, current_period_end, stripe_customer_id) values ($1, 'standard', now() + interval '1 month', 'cus_' || $1)`,
      [user],
    );
    await query(`insert into usage_records (user_id, kind, quantity) values ($1, 'ai_request', 2)`, [user]);
    await query(`insert into billing_events (user_id, type) values ($1, 'upgrade')`, [user]);
    await query(`insert into metric_daily (user_id, platform, day, views) values ($1, 'facebook', '2026-11-30', 7)`, [
      user,
    ]);
    await query(`insert into chats (user_id, title) values ($1, 'A chat')`, [user]);
  }
}

/** Per owner: what each table holds, as one comparable string (`owner` is the old user_id or the new workspace_id). */
async function holdings(owner: "user_id" | "workspace_id"): Promise<string> {
  const tables = [
    "social_accounts",
    "social_pages",
    "posts",
    "media",
    "subscriptions",
    "usage_records",
    "billing_events",
    "metric_daily",
    "target_metrics",
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await query<{ owner: string; n: number }>(
      `select ${owner} as owner, count(*)::int as n from ${table} group by 1 order by 1`,
    );
    parts.push(`${table}: ${rows.map((row) => `${row.owner}=${row.n}`).join(",")}`);
  }
  const counts = await query<{ owner: string; status: string; n: number }>(
    `select ${owner} as owner, status, sum(count)::int as n from post_counts group by 1, 2 having sum(count) <> 0 order by 1, 2`,
  );
  parts.push(`post_counts: ${counts.map((row) => `${row.owner}/${row.status}=${row.n}`).join(",")}`);
  const figures = await query<{ owner: string; views: number; tier: string; quantity: number }>(
    `select s.${owner} as owner, s.tier, (select sum(views) from metric_daily m where m.${owner} = s.${owner})::int as views,
        (select sum(quantity) from usage_records u where u.${owner} = s.${owner})::int as quantity
       from subscriptions s order by 1`,
  );
  parts.push(`figures: ${JSON.stringify(figures)}`);
  return parts.join("\n");
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  pool = new pg.Pool({ connectionString: url, max: 2 });
  const old = migrationsBefore(WORKSPACES_MIGRATION);
  try {
    await migrateWith(old);
  } finally {
    rmSync(old, { recursive: true, force: true });
  }
}, 60_000);

afterAll(async () => {
  await pool?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("the migration to workspaces", () => {
  const ada = `ada-${randomUUID()}`;
  const bob = `bob-${randomUUID()}`;

  it(
    "gives every user a personal workspace holding exactly their rows, counts and figures",
    { timeout: 60_000 },
    async () => {
      await fillOldSchema(ada, bob);
      before = await holdings("user_id");
      expect(before).toContain(
        `posts: ${[ada, bob]
          .sort()
          .map((id) => `${id}=${id === ada ? 4 : 2}`)
          .join(",")}`,
      );

      await migrateWith(migrationsFolder);

      expect(await holdings("workspace_id")).toBe(before);
      const workspaces = await query<{ id: string; name: string; time_zone: string }>(
        `select id, name, time_zone from workspaces order by id`,
      );
      expect(workspaces).toEqual(
        [
          { id: ada, name: "Personal", time_zone: "Europe/London" },
          { id: bob, name: "Personal", time_zone: "Asia/Tokyo" },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );
      expect(await query(`select workspace_id, user_id, role from workspace_members order by 1`)).toEqual(
        [ada, bob].sort().map((id) => ({ workspace_id: id, user_id: id, role: "owner" })),
      );
      // Each post's author is the user who owned it; chats stay the person's.
      expect(await query(`select count(*)::int as n from posts where author_id is distinct from workspace_id`)).toEqual(
        [{ n: 0 }],
      );
      expect(await query(`select user_id, count(*)::int as n from chats group by 1 order by 1`)).toEqual(
        [ada, bob].sort().map((id) => ({ user_id: id, n: 1 })),
      );
    },
  );

  it("keeps the derived stores by trigger afterwards, by workspace", async () => {
    await query(`insert into posts (workspace_id, author_id, content) values ($1, $1, 'After')`, [ada]);
    const [drafts] = await query<{ n: number }>(
      `select sum(count)::int as n from post_counts where workspace_id = $1 and status = 'draft'`,
      [ada],
    );
    expect(drafts!.n).toBe(2);
    // Deleting a workspace takes everything it owns with it.
    await query(`delete from workspaces where id = $1`, [bob]);
    for (const table of ["posts", "social_accounts", "media", "subscriptions", "post_counts", "metric_daily"])
      expect(await query(`select 1 from ${table} where workspace_id = $1`, [bob]), table).toEqual([]);
  });
});
