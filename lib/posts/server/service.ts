import { and, eq, inArray } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { chats, media, postMedia, posts, postTargets, socialAccounts, socialPages, usageRecords } from "@/db/schema";
import { badRequest, conflict, notFound } from "@/lib/server/api/errors";
import { assertCanCreatePost } from "@/lib/billing/server/limits";
import { isUuid } from "@/lib/ids";
import { pageOrder } from "@/lib/social/server/queries";
import { removePublishJobs } from "@/lib/publishing/server/publish-queue";
import { postSubject, recordActivity } from "@/lib/activity/server/record";
import { isInDoubt } from "./target-states";
import { getPostOrThrow } from "./queries";
import {
  MESSAGES,
  pageInDoubtMessage,
  type BulkDeleteResponse,
  type CreatePostInput,
  type PostDto,
  type PostEdit,
} from "@/lib/posts/schemas";
import type { SocialPlatform } from "@/lib/networks/platforms";

/** Saving, editing and deleting posts: the spec's save rules live here, in one place. */

type PageChoice = CreatePostInput["pages"][number];

/** The chosen pages, owner-checked; the platform comes from our records, not the request. */
async function resolvePages(tx: Transaction, workspaceId: string, choices: PageChoice[]) {
  if (choices.some((choice) => typeof choice.platform !== "string" || choice.platform === ""))
    throw badRequest(MESSAGES.missingPlatform);
  const ids = [...new Set(choices.map((choice) => choice.pageId))];
  const rows = ids.every(isUuid)
    ? await tx
        .select()
        .from(socialPages)
        .where(and(eq(socialPages.workspaceId, workspaceId), inArray(socialPages.id, ids)))
    : [];
  if (rows.length !== ids.length)
    throw badRequest(
      "Some selected pages are not connected to your account. Please reconnect these accounts.",
      "unknown_page",
    );
  const seen = new Set<string>();
  return choices.flatMap((choice) => {
    const key = `${choice.type}:${choice.pageId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const page = rows.find((row) => row.id === choice.pageId)!;
    return [{ type: choice.type, pageId: page.id, platform: page.platform, pageName: page.name }];
  });
}

/**
 * Makes the post's pages the chosen ones without forgetting what went out: a page that stays keeps
 * its row (its platform post id, or the text a doubtful attempt sent, so it is looked up before
 * anything is sent again), and a page already published stays even when unchosen, so it is never
 * sent again and its history remains. A page whose last attempt may have gone out cannot be removed
 * until the worker has checked it: added back later, it would be sent again without that check.
 */
async function replaceTargets(tx: Transaction, postId: string, pages: Awaited<ReturnType<typeof resolvePages>>) {
  const key = (target: { type: string; pageId: string | null }) => `${target.type}:${target.pageId}`;
  const existing = await tx.select().from(postTargets).where(eq(postTargets.postId, postId));
  const chosen = new Set(pages.map(key));
  const dropped = existing.filter((target) => !chosen.has(key(target)) && target.status !== "published");
  const inDoubt = dropped.find(
    (target) => target.status === "pending" && (isInDoubt(target.errorCode) || target.acceptedMediaId !== null),
  );
  if (inDoubt) throw conflict(pageInDoubtMessage(inDoubt.pageName), "page_in_doubt");
  if (dropped.length > 0)
    await tx.delete(postTargets).where(
      inArray(
        postTargets.id,
        dropped.map((target) => target.id),
      ),
    );
  const kept = new Set(existing.map(key));
  const added = pages.filter((page) => !kept.has(key(page)));
  if (added.length > 0) await tx.insert(postTargets).values(added.map((page) => ({ ...page, postId })));
}

async function resolveMedia(tx: Transaction, workspaceId: string, filenames: string[]) {
  if (filenames.length === 0) return [];
  const rows = await tx
    .select()
    .from(media)
    .where(and(eq(media.workspaceId, workspaceId), inArray(media.filename, filenames)));
  if (rows.length !== new Set(filenames).size)
    throw badRequest("Some media files were not found. They may have been deleted.", "unknown_media");
  const hasVideo = rows.some((row) => row.type === "video");
  if (hasVideo && rows.some((row) => row.type !== "video")) throw badRequest(MESSAGES.mixedMedia, "mixed_media");
  return filenames.map((filename) => rows.find((row) => row.filename === filename)!);
}

/** The AI chat the post was written in: the author's own (chats are personal). */
async function resolveChat(tx: Transaction, authorId: string, chatId: string | null | undefined) {
  if (!chatId) return null;
  const [chat] = isUuid(chatId)
    ? await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.userId, authorId)))
    : [];
  if (!chat) throw badRequest("The AI chat for this post was not found.", "unknown_chat");
  return chat.id;
}

function requirePagesAndContent(content: string, pageCount: number) {
  if (pageCount === 0 || content.trim() === "")
    throw badRequest(MESSAGES.pagesAndContent, "pages_and_content_required");
}

async function replaceMedia(tx: Transaction, postId: string, items: { id: string }[]) {
  await tx.delete(postMedia).where(eq(postMedia.postId, postId));
  if (items.length)
    await tx.insert(postMedia).values(items.map((item, position) => ({ postId, mediaId: item.id, position })));
}

export async function createPost(workspaceId: string, authorId: string, input: CreatePostInput): Promise<PostDto> {
  requirePagesAndContent(input.content, input.pages.length);
  const postId = await db.transaction(async (tx) => {
    await assertCanCreatePost(workspaceId, tx);
    const pages = await resolvePages(tx, workspaceId, input.pages);
    const items = await resolveMedia(tx, workspaceId, input.media);
    const chatId = await resolveChat(tx, authorId, input.chatHistoryId);
    const [post] = await tx
      .insert(posts)
      .values({
        workspaceId,
        authorId,
        title: input.title ?? null,
        content: input.content,
        status: "draft",
        shareContent: input.shareContent ?? null,
        useAIShareMessage: input.useAIShareMessage,
        summarizeForTwitter: input.summarizeForTwitter,
        chatId,
      })
      .returning({ id: posts.id });
    await tx.insert(postTargets).values(pages.map((page) => ({ ...page, postId: post!.id })));
    await recordActivity(tx, {
      workspaceId,
      actorId: authorId,
      kind: "post_created",
      postId: post!.id,
      subject: postSubject({ title: input.title ?? null, content: input.content }),
    });
    await replaceMedia(tx, post!.id, items);
    await tx.insert(usageRecords).values({ workspaceId, kind: "post_created", metadata: { postId: post!.id } });
    return post!.id;
  });
  return getPostOrThrow(workspaceId, postId);
}

/**
 * A new draft like `postId` (its text, title, share settings and media in order) for one page, in
 * the caller's transaction: a post of its own, counted against the plan like any created post.
 */
export async function copyPostToPage(
  tx: Transaction,
  workspaceId: string,
  authorId: string,
  postId: string,
  page: { id: string; platform: SocialPlatform; name: string },
): Promise<string> {
  await assertCanCreatePost(workspaceId, tx);
  const [source] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)));
  if (!source) throw notFound(MESSAGES.notFound);
  const [copy] = await tx
    .insert(posts)
    .values({
      workspaceId,
      authorId,
      title: source.title,
      content: source.content,
      status: "draft",
      shareContent: source.shareContent,
      useAIShareMessage: source.useAIShareMessage,
      summarizeForTwitter: source.summarizeForTwitter,
    })
    .returning({ id: posts.id });
  await tx
    .insert(postTargets)
    .values({ postId: copy!.id, pageId: page.id, platform: page.platform, pageName: page.name, type: "post" });
  const items = await tx.select().from(postMedia).where(eq(postMedia.postId, postId));
  if (items.length) await tx.insert(postMedia).values(items.map((item) => ({ ...item, postId: copy!.id })));
  await recordActivity(tx, {
    workspaceId,
    actorId: authorId,
    kind: "post_created",
    postId: copy!.id,
    subject: postSubject(source),
  });
  await tx.insert(usageRecords).values({ workspaceId, kind: "post_created", metadata: { postId: copy!.id } });
  return copy!.id;
}

/** POST /api/social/accounts/{id}/posts/draft: a draft for every page of one account. */
export async function createAccountDraft(
  workspaceId: string,
  authorId: string,
  accountId: string,
  content: string,
): Promise<PostDto> {
  const [account] = isUuid(accountId)
    ? await db
        .select({ id: socialAccounts.id })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.workspaceId, workspaceId)))
    : [];
  if (!account) throw notFound("Account not found");
  const pages = await db
    .select()
    .from(socialPages)
    .where(eq(socialPages.socialAccountId, account.id))
    .orderBy(...pageOrder);
  return createPost(workspaceId, authorId, {
    pages: pages.map((page) => ({ type: "post" as const, pageId: page.id, platform: page.platform })),
    content,
    media: [],
    status: "draft",
    useAIShareMessage: false,
    summarizeForTwitter: false,
  });
}

/**
 * Applies an edit to a post already read (`current`) and locked in `tx` (see lockPostForChange).
 * Every check that can refuse runs before the first write, and the caller's transaction makes the
 * whole change one: a refused request changes nothing.
 */
export async function applyPostEdit(
  tx: Transaction,
  workspaceId: string,
  current: Pick<PostDto, "id" | "content"> & { pages: readonly unknown[] },
  edit: PostEdit,
): Promise<void> {
  requirePagesAndContent(edit.content ?? current.content, edit.pages?.length ?? current.pages.length);
  const pages = edit.pages ? await resolvePages(tx, workspaceId, edit.pages) : null;
  const items = edit.media ? await resolveMedia(tx, workspaceId, edit.media) : null;
  if (pages) await replaceTargets(tx, current.id, pages);
  if (items) await replaceMedia(tx, current.id, items);
  const changes = {
    ...(edit.content !== undefined ? { content: edit.content } : {}),
    ...(edit.title !== undefined ? { title: edit.title } : {}),
    ...(edit.shareContent !== undefined ? { shareContent: edit.shareContent } : {}),
    ...(edit.useAIShareMessage !== undefined ? { useAIShareMessage: edit.useAIShareMessage } : {}),
    ...(edit.summarizeForTwitter !== undefined ? { summarizeForTwitter: edit.summarizeForTwitter } : {}),
  };
  if (Object.keys(changes).length > 0)
    await tx
      .update(posts)
      .set(changes)
      .where(and(eq(posts.id, current.id), eq(posts.workspaceId, workspaceId)));
}

/** The deleted posts' log entries, in the transaction that deletes them (their history stays). */
async function recordDeleted(
  tx: Transaction,
  workspaceId: string,
  actorId: string,
  deleted: { postId: string; title: string | null; content: string }[],
) {
  for (const post of deleted)
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "post_deleted",
      postId: post.postId,
      subject: postSubject(post),
    });
}

const deletedColumns = {
  postId: posts.id,
  scheduleVersion: posts.scheduleVersion,
  title: posts.title,
  content: posts.content,
};

export async function deletePost(workspaceId: string, actorId: string, postId: string): Promise<void> {
  const deleted = isUuid(postId)
    ? await db.transaction(async (tx) => {
        const rows = await tx
          .delete(posts)
          .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)))
          .returning(deletedColumns);
        await recordDeleted(tx, workspaceId, actorId, rows);
        return rows;
      })
    : [];
  if (deleted.length === 0) throw notFound(MESSAGES.notFound);
  await removePublishJobs(deleted);
}

/** Deletes the workspace's own posts among the ids; every other id is reported as failed, not touched. */
export async function bulkDeletePosts(
  workspaceId: string,
  actorId: string,
  postIds: string[],
): Promise<Omit<BulkDeleteResponse, "success">> {
  const ids = [...new Set(postIds)];
  const valid = ids.filter(isUuid);
  const deleted = valid.length
    ? await db.transaction(async (tx) => {
        const rows = await tx
          .delete(posts)
          .where(and(eq(posts.workspaceId, workspaceId), inArray(posts.id, valid)))
          .returning(deletedColumns);
        await recordDeleted(tx, workspaceId, actorId, rows);
        return rows;
      })
    : [];
  await removePublishJobs(deleted);
  const done = new Set(deleted.map((row) => row.postId));
  const results = ids.map((postId) =>
    done.has(postId) ? { postId, success: true } : { postId, success: false, error: "Post not found" },
  );
  return { deletedCount: done.size, total: ids.length, failedCount: ids.length - done.size, results };
}
