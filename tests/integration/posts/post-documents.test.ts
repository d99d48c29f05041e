import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, postDocuments, postMedia, posts, postTargets, targetMetrics } from "@/db/schema";
import type { MediaItem } from "@/lib/media/schemas";
import type { PostDto } from "@/lib/posts/schemas";
import { pngBytes } from "../../fixtures/media-files";
import { reading } from "../../fixtures/metric-readings";
import { testDb } from "../../fixtures/test-db";
import { createDraft, userWithPages, type Client } from "./helpers";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

/**
 * The posts' stored documents (lib/posts/server/documents.ts, migration 0018): a read stores what
 * it built, later reads take it, and no change to a post is ever hidden behind one.
 */

beforeAll(() => {
  // storeDocuments runs in this process too, on the run's database.
  Object.assign(process.env, testStack().env);
});
afterAll(async () => {
  const { closeDb } = await import("@/db");
  await closeDb();
});

const listed = async (client: Client) => (await client.get("/api/post?limit=100")).body.posts as PostDto[];

async function documentsOf(ids: string[]) {
  return testDb().select().from(postDocuments).where(inArray(postDocuments.postId, ids)).orderBy(postDocuments.postId);
}

/** The list as the stored documents give it, and as it is built with none: they must be equal. */
async function expectTrueList(client: Client) {
  const kept = await listed(client);
  const ids = kept.map((post) => post.id);
  await testDb().delete(postDocuments).where(inArray(postDocuments.postId, ids));
  expect(kept).toEqual(await listed(client));
  return kept;
}

/** Until the deadline, whether a statement like `pattern` waits on a lock (the run's database). */
async function waitForLockWait(pattern: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await testDb().execute(sql`select 1 from pg_stat_activity
      where wait_event_type = 'Lock' and query ilike ${pattern} and datname = current_database()`);
    if (rows.length > 0) return;
    await sleep(20);
  }
  throw new Error(`no statement like ${pattern} waited on a lock within 10 s`);
}

describe("stored post documents", () => {
  it("a read stores each post's document and the next read answers from it", async () => {
    const { client, pages } = await userWithPages();
    const drafts = [await createDraft(client, [pages[0]!], "One"), await createDraft(client, pages, "Two")];
    const first = await listed(client);
    const stored = await documentsOf(drafts.map((draft) => draft.id));
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(row).toMatchObject({ json: expect.any(String), shape: expect.any(Number) });
    // What the next read answers is the stored text, not a new build (a marked document shows).
    await testDb()
      .update(postDocuments)
      .set({ json: sql`replace(${postDocuments.json}, '"One"', '"Stored"')` })
      .where(eq(postDocuments.postId, drafts[0]!.id));
    const second = await listed(client);
    expect(second.find((post) => post.id === drafts[0]!.id)!.content).toBe("Stored");
    await testDb().delete(postDocuments).where(eq(postDocuments.postId, drafts[0]!.id));
    expect(await listed(client)).toEqual(first);
  });

  it("every change to a post, its pages, their figures or its media is in the next read", async () => {
    const { client, pages } = await userWithPages();
    const upload = new FormData();
    upload.append("media", new Blob([new Uint8Array(pngBytes(4, 3))], { type: "image/png" }), "sign.png");
    expect((await client.request("POST", "/api/media/upload", { body: upload })).status).toBe(201);
    const [file] = (await client.get("/api/media/user")).body.data as MediaItem[];
    const post = await createDraft(client, pages, "Before");
    const other = await createDraft(client, [pages[0]!], "Untouched");
    const targets = await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id));
    const postOf = (list: PostDto[]) => list.find((entry) => entry.id === post.id)!;
    await listed(client);

    const changes: [string, () => Promise<unknown>, (read: PostDto) => void][] = [
      [
        "the post",
        () => client.request("PUT", `/api/post/${post.id}`, { json: { content: "After" } }),
        (read) => expect(read.content).toBe("After"),
      ],
      [
        "a page's status",
        () =>
          testDb()
            .update(postTargets)
            .set({ status: "failed", errorCode: "permission", errorMessage: "Refused." })
            .where(eq(postTargets.id, targets[0]!.id)),
        (read) => expect(read.pages.map((page) => page.error?.message ?? null)).toContain("Refused."),
      ],
      [
        "a page's figures",
        // Published with its figures and no further reads in one transaction: the stack's worker
        // never sees the metrics row due.
        () =>
          testDb().transaction(async (tx) => {
            await tx
              .update(postTargets)
              .set({ status: "published", platformPostId: "fb-doc-1", publishedAt: new Date() })
              .where(eq(postTargets.id, targets[1]!.id));
            await tx
              .update(targetMetrics)
              .set({ views: 40, likes: 4, nextSyncAt: null })
              .where(eq(targetMetrics.postTargetId, targets[1]!.id));
          }),
        (read) => expect(read.metrics).toMatchObject({ views_sum: 40, likes_sum: 4 }),
      ],
      [
        "figures read again",
        () => testDb().update(targetMetrics).set({ views: 41 }).where(eq(targetMetrics.postTargetId, targets[1]!.id)),
        (read) => expect(read.metrics).toMatchObject({ views_sum: 41 }),
      ],
      [
        "media attached",
        () => testDb().insert(postMedia).values({ postId: post.id, mediaId: file!.id }),
        (read) => expect(read.media.map((item) => item.filename)).toEqual([file!.filename]),
      ],
      [
        "the media item itself",
        () => testDb().update(media).set({ originalFilename: "renamed.png" }).where(eq(media.id, file!.id)),
        (read) => expect(read.media[0]!.originalFilename).toBe("renamed.png"),
      ],
      [
        "media detached",
        () => testDb().delete(postMedia).where(eq(postMedia.postId, post.id)),
        (read) => expect(read.media).toEqual([]),
      ],
      [
        "a page removed",
        () => testDb().delete(postTargets).where(eq(postTargets.id, targets[0]!.id)),
        (read) => expect(read.pages).toHaveLength(1),
      ],
    ];
    for (const [what, change, check] of changes) {
      await change();
      const read = postOf(await expectTrueList(client));
      check(read);
      // Read once more, now from the document the last read stored.
      expect(postOf(await listed(client)), what).toEqual(read);
    }
    expect((await listed(client)).find((entry) => entry.id === other.id)!.content).toBe("Untouched");

    await client.delete(`/api/post/${post.id}`);
    expect(await documentsOf([post.id])).toEqual([]);
    expect(await documentsOf([other.id])).toHaveLength(1);
  });

  it("a change to nothing the document shows keeps it (a publish claim's renewal, the metrics sync's next read)", async () => {
    const { client, pages } = await userWithPages();
    const draft = await createDraft(client, [pages[0]!], "Kept");
    await listed(client);
    const [before] = await documentsOf([draft.id]);
    await testDb()
      .update(postTargets)
      .set({ publishingStartedAt: new Date(), attempts: 3 })
      .where(eq(postTargets.postId, draft.id));
    // Raw, as the metrics sync writes a post's totals: drizzle's update would move `updatedAt`, which it shows.
    await testDb().execute(sql`update posts set schedule_version = 7, views_total = 5 where id = ${draft.id}`);
    expect((await documentsOf([draft.id]))[0]).toEqual(before);
    // One statement that also changes what it shows does clear it.
    await testDb().update(postTargets).set({ attempts: 4, status: "failed" }).where(eq(postTargets.postId, draft.id));
    expect((await documentsOf([draft.id]))[0]).toMatchObject({ gen: before!.gen + 1, json: null });
  });

  it("a document of another shape is built again and replaced", async () => {
    const { client, pages } = await userWithPages();
    const draft = await createDraft(client, [pages[0]!], "Shaped");
    const first = await listed(client);
    await testDb()
      .update(postDocuments)
      .set({ shape: sql`${postDocuments.shape} + 1`, json: '{"id":"from another release"}' })
      .where(eq(postDocuments.postId, draft.id));
    expect(await listed(client)).toEqual(first);
    const [row] = await documentsOf([draft.id]);
    expect(JSON.parse(row!.json!)).toEqual(first[0]);
  });

  it("a document built before a change is not stored, even when the change commits while it is being stored", async () => {
    const { storeDocuments } = await import("@/lib/posts/server/documents");
    const { client, pages } = await userWithPages();
    const draft = await createDraft(client, [pages[0]!], "Fresh");
    await listed(client);
    const [read] = await documentsOf([draft.id]);
    const shape = read!.shape!;
    const stale = { id: draft.id, gen: read!.gen, json: '{"content":"stale"}' };

    // Changed and committed after the read: the generation moved on.
    await testDb().update(posts).set({ content: "Changed" }).where(eq(posts.id, draft.id));
    await storeDocuments(shape, [stale]);
    const [afterCommit] = await documentsOf([draft.id]);
    expect(afterCommit).toMatchObject({ gen: read!.gen + 1, json: null });
    // A reader that saw no row at all stores nothing over a row a change made since.
    await storeDocuments(shape, [{ ...stale, gen: null }]);
    expect((await documentsOf([draft.id]))[0]!.json).toBeNull();

    // Changed in a transaction still open while the reader stores: the store gives up waiting
    // for it (the read is not held up by a writer), and given long enough to wait, it waits, then
    // finds the generation moved on.
    const built = { id: draft.id, gen: afterCommit!.gen, json: '{"content":"built before the change"}' };
    let storing: Promise<number> | undefined;
    await testDb().transaction(async (tx) => {
      await tx.update(posts).set({ content: "Changed again" }).where(eq(posts.id, draft.id));
      await storeDocuments(shape, [built]);
      storing = storeDocuments(shape, [built], "60s");
      await waitForLockWait('%insert into "post_documents"%');
    });
    await storing;
    expect((await documentsOf([draft.id]))[0]).toMatchObject({ gen: afterCommit!.gen + 1, json: null });
    expect((await listed(client))[0]!.content).toBe("Changed again");

    // With the generation it read still current, a reader's document is stored.
    const [current] = await documentsOf([draft.id]);
    expect(current!.json).not.toBeNull();
  });

  it("a metrics reading and a publish claim on the same post do not deadlock over its document", async () => {
    // The claim holds its post's row, then clears the post's document; the reading clears it from
    // the page's figures, then updates the post's totals. Both must take the post's row first.
    const { recordReadings } = await import("@/lib/analytics/server/ingest");
    const { client, pages } = await userWithPages();
    const post = await createDraft(client, pages, "Read while publishing");
    const targets = await testDb().select().from(postTargets).where(eq(postTargets.postId, post.id));
    const [published, pending] = [targets[0]!, targets[1]!];
    await testDb().transaction(async (tx) => {
      await tx
        .update(postTargets)
        .set({ status: "published", platformPostId: "fb-doc-2", publishedAt: new Date() })
        .where(eq(postTargets.id, published.id));
      await tx.update(targetMetrics).set({ nextSyncAt: null }).where(eq(targetMetrics.postTargetId, published.id));
    });
    let ingest: Promise<void> | undefined;
    await testDb().transaction(async (tx) => {
      await tx.execute(sql`select 1 from posts where id = ${post.id} for share`);
      ingest = recordReadings([reading(published.id, 12, 3)], new Date());
      await waitForLockWait("%posts%");
      await tx.update(postTargets).set({ status: "publishing" }).where(eq(postTargets.id, pending.id));
    });
    await ingest;
    const read = (await listed(client)).find((entry) => entry.id === post.id)!;
    expect(read.metrics).toMatchObject({ views_sum: 12, likes_sum: 3 });
    expect(read.pages.map((page) => page.status).sort()).toEqual(["published", "publishing"]);
  });
});
