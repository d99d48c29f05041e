import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db } from "@/db";
import { postApprovals, posts, reviewLinkPosts, reviewLinks, users, workspaces, type ReviewLink } from "@/db/schema";
import { recordActivity } from "@/lib/activity/server/record";
import { REVIEW_MESSAGES, type ReviewLinkState, type ReviewLinkSummary } from "@/lib/approvals/review-links";
import { createReviewLinkSchema } from "@/lib/approvals/review-link-schemas";
import { MESSAGES } from "@/lib/posts/schemas";
import { conflict, notFound } from "@/lib/server/api/errors";
import { env } from "@/lib/server/env";
import { escapeHtml, sendMail } from "@/lib/server/mail";
import { isUuid } from "@/lib/ids";
import type { Reviewer } from "./service";

/**
 * Review links (docs/decisions/0062-client-review-links.md). A link's token is its row's id and an
 * HMAC-SHA256 with AUTH_SECRET over the id and the expiry: nothing secret is stored, a forged or
 * altered token fails the signature before any decision, and a new AUTH_SECRET ends every link. The
 * row says whether the link is revoked; the expiry is both signed and checked.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** `<id>.<signature>`: the id's 16 bytes and the HMAC's 32, both base64url. */
const TOKEN_FORMAT = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const signature = (id: string, expiresAt: Date) =>
  createHmac("sha256", env.AUTH_SECRET).update(`review-link:${id}:${expiresAt.toISOString()}`).digest();

const idPart = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex").toString("base64url");

function idOf(part: string): string {
  const hex = Buffer.from(part, "base64url").toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const reviewLinkToken = (link: Pick<ReviewLink, "id" | "expiresAt">) =>
  `${idPart(link.id)}.${signature(link.id, link.expiresAt).toString("base64url")}`;

export const reviewLinkUrl = (token: string) => `${env.APP_URL.replace(/\/$/, "")}/review/${token}`;

const stateOf = (link: Pick<ReviewLink, "expiresAt" | "revokedAt">, now = Date.now()): ReviewLinkState =>
  link.revokedAt ? "revoked" : link.expiresAt.getTime() <= now ? "expired" : "active";

export type OpenedLink =
  { state: "active"; link: ReviewLink } | { state: "invalid" | "expired" | "revoked"; link?: never };

/** The link a token names, when its signature holds; whether it still works is `state`. */
export async function openReviewLink(token: string): Promise<OpenedLink> {
  const match = TOKEN_FORMAT.exec(token);
  if (!match) return { state: "invalid" };
  const id = idOf(match[1]!);
  if (!isUuid(id)) return { state: "invalid" };
  const [link] = await db.select().from(reviewLinks).where(eq(reviewLinks.id, id));
  if (!link) return { state: "invalid" };
  const given = Buffer.from(match[2]!, "base64url");
  const expected = signature(link.id, link.expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: "invalid" };
  const state = stateOf(link);
  return state === "active" ? { state, link } : { state };
}

/**
 * POST /api/workspaces/{id}/review-links: a link to the posts chosen (each of the workspace, each
 * waiting for approval), mailed to the recipient after the commit. A mail server's refusal leaves
 * the link, whose URL the answer carries for the approver to send themselves.
 */
export async function createReviewLink(
  workspaceId: string,
  creator: Reviewer,
  body: unknown,
): Promise<{ link: ReviewLinkSummary; url: string; mailed: boolean }> {
  const input = createReviewLinkSchema.parse(body);
  const postIds = [...new Set(input.postIds)];
  const link = await db.transaction(async (tx) => {
    const chosen = await tx
      .select({ id: posts.id, status: posts.status, approvalState: posts.approvalState })
      .from(posts)
      .where(and(eq(posts.workspaceId, workspaceId), inArray(posts.id, postIds)))
      .for("share");
    if (chosen.length !== postIds.length) throw notFound(MESSAGES.notFound);
    if (chosen.some((post) => post.status !== "scheduled" || post.approvalState !== "in_review"))
      throw conflict(REVIEW_MESSAGES.notReviewable, "not_in_review");
    const [link] = await tx
      .insert(reviewLinks)
      .values({
        workspaceId,
        createdBy: creator.id,
        recipientName: input.recipientName || null,
        recipientEmail: input.recipientEmail,
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      })
      .returning();
    await tx
      .insert(reviewLinkPosts)
      .values(postIds.map((postId, position) => ({ linkId: link!.id, postId, position })));
    await recordActivity(tx, {
      workspaceId,
      actorId: creator.id,
      kind: "review_link_created",
      subject: input.recipientEmail,
      details: { reviewLinkId: link!.id, postIds, expiresAt: link!.expiresAt.toISOString() },
    });
    return link!;
  });
  const url = reviewLinkUrl(reviewLinkToken(link));
  const mailed = await mailReviewLink(workspaceId, creator, link, url, postIds.length);
  const summary: ReviewLinkSummary = {
    ...summarize(link, creator.name?.trim() || creator.email),
    postCount: postIds.length,
  };
  return { link: summary, url, mailed };
}

async function mailReviewLink(
  workspaceId: string,
  creator: Reviewer,
  link: ReviewLink,
  url: string,
  postCount: number,
): Promise<boolean> {
  const [workspace] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const sender = creator.name?.trim() || creator.email;
  const what = postCount === 1 ? "a post" : `${postCount} posts`;
  const until = link.expiresAt.toUTCString();
  try {
    await sendMail({
      to: link.recipientEmail,
      subject: `${sender} asks you to review ${what} for ${workspace?.name ?? "a workspace"}`,
      text: [
        `Hello${link.recipientName ? ` ${link.recipientName}` : ""},`,
        "",
        `${sender} asks you to review ${what} before it goes out. You do not need an account:`,
        "",
        url,
        "",
        `The link works until ${until}.`,
      ].join("\n"),
      html: `<p>Hello${link.recipientName ? ` ${escapeHtml(link.recipientName)}` : ""},</p>
<p>${escapeHtml(sender)} asks you to review ${what} before it goes out. You do not need an account.</p>
<p><a href="${url}">Review ${postCount === 1 ? "the post" : "the posts"}</a> (the link works until ${until}).</p>`,
    });
    return true;
  } catch (error) {
    console.error(`[review-links] could not mail review link ${link.id}`, error);
    return false;
  }
}

function summarize(link: ReviewLink, createdByName: string | null) {
  return {
    id: link.id,
    recipientName: link.recipientName,
    recipientEmail: link.recipientEmail,
    createdByName,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    state: stateOf(link),
    postCount: 0,
    decisionCount: 0,
  };
}

const LISTED = 100;

/** GET /api/workspaces/{id}/review-links: the workspace's newest links, with what came of them. */
export async function listReviewLinks(workspaceId: string): Promise<ReviewLinkSummary[]> {
  const rows = await db
    .select({ link: reviewLinks, creatorName: users.name, creatorEmail: users.email })
    .from(reviewLinks)
    .leftJoin(users, eq(users.id, reviewLinks.createdBy))
    .where(eq(reviewLinks.workspaceId, workspaceId))
    .orderBy(desc(reviewLinks.createdAt), desc(reviewLinks.id))
    .limit(LISTED);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.link.id);
  const [postCounts, decisionCounts] = await Promise.all([
    db
      .select({ linkId: reviewLinkPosts.linkId, n: count() })
      .from(reviewLinkPosts)
      .where(inArray(reviewLinkPosts.linkId, ids))
      .groupBy(reviewLinkPosts.linkId),
    db
      .select({ linkId: postApprovals.reviewLinkId, n: count() })
      .from(postApprovals)
      .where(and(isNotNull(postApprovals.reviewLinkId), inArray(postApprovals.reviewLinkId, ids)))
      .groupBy(postApprovals.reviewLinkId),
  ]);
  const postsOf = new Map(postCounts.map((row) => [row.linkId, row.n]));
  const decisionsOf = new Map(decisionCounts.map((row) => [row.linkId, row.n]));
  return rows.map(({ link, creatorName, creatorEmail }) => ({
    ...summarize(link, creatorName?.trim() || creatorEmail || null),
    postCount: postsOf.get(link.id) ?? 0,
    decisionCount: decisionsOf.get(link.id) ?? 0,
  }));
}

/** DELETE /api/workspaces/{id}/review-links/{linkId}: the link stops working at once; again is a no-op. */
export async function revokeReviewLink(workspaceId: string, actorId: string, linkId: string): Promise<void> {
  if (!isUuid(linkId)) throw notFound(REVIEW_MESSAGES.invalid);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(reviewLinks)
      .where(and(eq(reviewLinks.id, linkId), eq(reviewLinks.workspaceId, workspaceId)))
      .for("update");
    if (!link) throw notFound(REVIEW_MESSAGES.invalid);
    if (link.revokedAt) return;
    await tx
      .update(reviewLinks)
      .set({ revokedAt: sql`now()` })
      .where(eq(reviewLinks.id, linkId));
    await recordActivity(tx, {
      workspaceId,
      actorId,
      kind: "review_link_revoked",
      subject: link.recipientEmail,
      details: { reviewLinkId: link.id },
    });
  });
}
