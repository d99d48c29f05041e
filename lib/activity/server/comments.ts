import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/db";
import { postComments, posts, users, workspaceMembers, type PostComment } from "@/db/schema";
import { COMMENT_MESSAGES, createCommentSchema, type CommentDto } from "@/lib/activity/schemas";
import { mentionedIds, plainBody } from "@/lib/activity/mentions";
import { isUuid } from "@/lib/ids";
import { MESSAGES } from "@/lib/posts/schemas";
import { forbidden, notFound } from "@/lib/server/api/errors";
import { env } from "@/lib/server/env";
import { escapeHtml, sendMail } from "@/lib/server/mail";
import { postSubject, recordActivity } from "./record";

/**
 * Comments on a post, by its workspace's members. Members with `read` see them, members with
 * `draft` write them (the route checks the roles); each author deletes their own. A mention is a
 * `@[Name](userId)` token (lib/activity/mentions.ts): those that name a member of the workspace are
 * kept with the comment and e-mailed a link to the post once it is saved; any other id is ignored.
 */

const FORMER_MEMBER = "Former member";

async function postOrThrow(workspaceId: string, postId: string) {
  const [post] = isUuid(postId)
    ? await db
        .select({ id: posts.id, title: posts.title, content: posts.content })
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)))
    : [];
  if (!post) throw notFound(MESSAGES.notFound);
  return post;
}

const commentColumns = {
  comment: postComments,
  authorName: users.name,
  authorEmail: users.email,
};

function toDto(row: { comment: PostComment; authorName: string | null; authorEmail: string | null }): CommentDto {
  return {
    id: row.comment.id,
    postId: row.comment.postId,
    authorId: row.comment.authorId,
    authorName: row.authorName || row.authorEmail || row.comment.authorLabel || FORMER_MEMBER,
    body: row.comment.body,
    mentionedIds: row.comment.mentionedIds,
    createdAt: row.comment.createdAt.toISOString(),
  };
}

/** The post's comments, oldest first (deleted ones left out); 404 for a post not in the workspace. */
export async function listComments(workspaceId: string, postId: string): Promise<CommentDto[]> {
  await postOrThrow(workspaceId, postId);
  const rows = await db
    .select(commentColumns)
    .from(postComments)
    .leftJoin(users, eq(users.id, postComments.authorId))
    .where(
      and(eq(postComments.postId, postId), eq(postComments.workspaceId, workspaceId), isNull(postComments.deletedAt)),
    )
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
  return rows.map(toDto);
}

export async function createComment(
  workspaceId: string,
  authorId: string,
  postId: string,
  body: unknown,
): Promise<CommentDto> {
  const post = await postOrThrow(workspaceId, postId);
  const input = createCommentSchema.parse(body);
  const named = mentionedIds(input.body).filter((id) => id !== authorId);
  const { comment, notify } = await db.transaction(async (tx) => {
    // Only members are mentioned: an id that is not one (a former member, a made-up one) is ignored.
    const members = named.length
      ? await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, named)))
      : [];
    const mentioned = named.filter((id) => members.some((member) => member.id === id));
    const [row] = await tx
      .insert(postComments)
      .values({ postId: post.id, workspaceId, authorId, body: input.body, mentionedIds: mentioned })
      .returning();
    await recordActivity(tx, {
      workspaceId,
      actorId: authorId,
      kind: "comment_added",
      postId: post.id,
      subject: postSubject(post),
      details: { commentId: row!.id, mentioned },
    });
    return { comment: row!, notify: members };
  });
  const [author] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, authorId));
  const dto = toDto({ comment, authorName: author?.name ?? null, authorEmail: author?.email ?? null });
  await mailMentions(notify, dto, postSubject(post));
  return dto;
}

/** Deletes one's own comment (hidden, kept for the log's sake); another's answers 403, a missing one 404. */
export async function deleteComment(
  workspaceId: string,
  userId: string,
  postId: string,
  commentId: string,
): Promise<void> {
  await postOrThrow(workspaceId, postId);
  const [comment] = isUuid(commentId)
    ? await db
        .select({ authorId: postComments.authorId })
        .from(postComments)
        .where(
          and(
            eq(postComments.id, commentId),
            eq(postComments.postId, postId),
            eq(postComments.workspaceId, workspaceId),
            isNull(postComments.deletedAt),
          ),
        )
    : [];
  if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
  if (comment.authorId !== userId) throw forbidden(COMMENT_MESSAGES.notYours);
  await db
    .update(postComments)
    .set({ deletedAt: new Date() })
    .where(and(eq(postComments.id, commentId), eq(postComments.authorId, userId)));
}

/** One e-mail per mentioned member, with a link to the post; a failed send is logged, the comment stays. */
async function mailMentions(
  members: { id: string; name: string | null; email: string }[],
  comment: CommentDto,
  subject: string,
): Promise<void> {
  const link = `${env.APP_URL}/create-post?postId=${comment.postId}`;
  const text = plainBody(comment.body);
  const results = await Promise.allSettled(
    members.map((member) =>
      sendMail({
        to: member.email,
        subject: `${comment.authorName} mentioned you on "${subject}"`,
        text: [
          `${comment.authorName} mentioned you in a comment on "${subject}":`,
          "",
          text,
          "",
          `Open the post: ${link}`,
        ].join("\n"),
        html: `<p>${escapeHtml(comment.authorName)} mentioned you in a comment on “${escapeHtml(subject)}”:</p>
<blockquote>${escapeHtml(text).replace(/\n/g, "<br>")}</blockquote>
<p><a href="${link}">Open the post</a></p>`,
      }),
    ),
  );
  for (const result of results)
    if (result.status === "rejected") console.error("[comments] could not send a mention e-mail", result.reason);
}
