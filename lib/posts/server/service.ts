import { and, eq, inArray } from "drizzle-orm";
import { db, type Transaction } from "@/db";
import { chats, media, postMedia, posts, postTargets, socialAccounts, socialPages, usageRecords } from "@/db/schema";
import { badRequest, conflict, notFound } from "@/lib/server/api/errors";
import { assertCanCreatePost } from "@/lib/billing/server/limits";
import { isUuid, pageOrder } from "@/lib/social/server/queries";
import { IN_DOUBT } from "@/lib/publishing/server/claim";
import {
  FUTURE_MESSAGE,
  lockPostForChange,
  schedulePost,
  unschedulePost,
} from "@/lib/publishing/server/schedule-service";
import { getPostOrThrow } from "./queries";
import {
  MESSAGES,
  pageInDoubtMessage,
  type CreatePostInput,
  type PostDto,
  type UpdatePostInput,
} from "@/lib/posts/schemas";

/** Saving, editing and deleting posts: the spec's save rules live here, in one place. */

type PageChoice = CreatePostInput["pages"][number];

/** The chosen pages, owner-checked; the platform comes from our records, not the request. */
async function resolvePages(tx: Transaction, userId: string, choices: PageChoice[]) {
  if (choices.some((choice) => typeof choice.platform !== "string" || choice.platform === ""))
    throw badRequest(MESSAGES.missingPlatform);
  const ids = [...new Set(choices.map((choice) => choice.pageId))];
  const rows = ids.every(isUuid)
    ? await tx
        .select()
        .from(socialPages)
        .where(and(eq(socialPages.userId, userId), inArray(socialPages.id, ids)))
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
  const inDoubt = dropped.find((target) => target.status === "pending" && IN_DOUBT.includes(target.errorCode ?? ""));
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

async function resolveMedia(tx: Transaction, userId: string, filenames: string[]) {
  if (filenames.length === 0) return [];
  const rows = await tx
    .select()
    .from(media)
    .where(and(eq(media.userId, userId), inArray(media.filename, filenames)));
  if (rows.length !== new Set(filenames).size)
    throw badRequest("Some media files were not found. They may have been deleted.", "unknown_media");
  const hasVideo = rows.some((row) => row.type === "video");
  if (hasVideo && rows.some((row) => row.type !== "video")) throw badRequest(MESSAGES.mixedMedia, "mixed_media");
  return filenames.map((filename) => rows.find((row) => row.filename === filename)!);
}

async function resolveChat(tx: Transaction, userId: string, chatId: string | null | undefined) {
  if (!chatId) return null;
  const [chat] = isUuid(chatId)
    ? await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
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

export async function createPost(userId: string, input: CreatePostInput): Promise<PostDto> {
  requirePagesAndContent(input.content, input.pages.length);
  const postId = await db.transaction(async (tx) => {
    await assertCanCreatePost(userId, tx);
    const pages = await resolvePages(tx, userId, input.pages);
    const items = await resolveMedia(tx, userId, input.media);
    const chatId = await resolveChat(tx, userId, input.chatHistoryId);
    const [post] = await tx
      .insert(posts)
      .values({
        userId,
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
    await replaceMedia(tx, post!.id, items);
    await tx.insert(usageRecords).values({ userId, kind: "post_created", metadata: { postId: post!.id } });
    return post!.id;
  });
  return getPostOrThrow(userId, postId);
}

/** POST /api/social/accounts/{id}/posts/draft: a draft for every page of one account. */
export async function createAccountDraft(userId: string, accountId: string, content: string): Promise<PostDto> {
  const [account] = isUuid(accountId)
    ? await db
        .select({ id: socialAccounts.id })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.userId, userId)))
    : [];
  if (!account) throw notFound("Account not found");
  const pages = await db
    .select()
    .from(socialPages)
    .where(eq(socialPages.socialAccountId, account.id))
    .orderBy(...pageOrder);
  return createPost(userId, {
    pages: pages.map((page) => ({ type: "post" as const, pageId: page.id, platform: page.platform })),
    content,
    media: [],
    status: "draft",
    useAIShareMessage: false,
    summarizeForTwitter: false,
  });
}

export async function updatePost(userId: string, postId: string, input: UpdatePostInput): Promise<PostDto> {
  const current = await getPostOrThrow(userId, postId);
  if (current.status === "published") throw conflict(MESSAGES.published, "post_published");
  if (current.pages.some((page) => page.status === "publishing"))
    throw conflict("This post is being published right now. Try again in a moment.", "post_publishing");
  const content = input.content ?? current.content;
  requirePagesAndContent(content, input.pages?.length ?? current.pages.length);

  await db.transaction(async (tx) => {
    if (input.pages) {
      // Checked again under the post's lock: a page replaced while a worker publishes to it would
      // come back as a new pending page and go out twice.
      await lockPostForChange(tx, postId);
      await replaceTargets(tx, postId, await resolvePages(tx, userId, input.pages));
    }
    if (input.media) await replaceMedia(tx, postId, await resolveMedia(tx, userId, input.media));
    await tx
      .update(posts)
      .set({
        content,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.shareContent !== undefined ? { shareContent: input.shareContent } : {}),
        ...(input.useAIShareMessage !== undefined ? { useAIShareMessage: input.useAIShareMessage } : {}),
        ...(input.summarizeForTwitter !== undefined ? { summarizeForTwitter: input.summarizeForTwitter } : {}),
      })
      .where(and(eq(posts.id, postId), eq(posts.userId, userId)));
  });
  if (input.scheduledAt) return schedulePost(userId, postId, new Date(input.scheduledAt));
  if (input.status === "scheduled") {
    if (!current.scheduledAt) throw badRequest(FUTURE_MESSAGE, "schedule_in_past");
    return schedulePost(userId, postId, new Date(current.scheduledAt));
  }
  if (input.status === "draft" && current.status === "scheduled") return unschedulePost(userId, postId);
  return getPostOrThrow(userId, postId);
}

export async function deletePost(userId: string, postId: string): Promise<void> {
  const deleted = isUuid(postId)
    ? await db
        .delete(posts)
        .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
        .returning({ id: posts.id })
    : [];
  if (deleted.length === 0) throw notFound(MESSAGES.notFound);
}

/** Deletes the user's own posts among the ids; every other id is reported as failed, not touched. */
export async function bulkDeletePosts(userId: string, postIds: string[]) {
  const ids = [...new Set(postIds)];
  const valid = ids.filter(isUuid);
  const deleted = valid.length
    ? await db
        .delete(posts)
        .where(and(eq(posts.userId, userId), inArray(posts.id, valid)))
        .returning({ id: posts.id })
    : [];
  const done = new Set(deleted.map((row) => row.id));
  const results = ids.map((postId) =>
    done.has(postId) ? { postId, success: true } : { postId, success: false, error: "Post not found" },
  );
  return { deletedCount: done.size, total: ids.length, failedCount: ids.length - done.size, results };
}
