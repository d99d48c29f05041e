import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db } from "@/db";
import { media, postApprovals, postMedia, posts, reviewLinkPosts, socialPages, users, workspaces } from "@/db/schema";
import {
  REVIEW_MESSAGES,
  type ReviewDecisionView,
  type ReviewPageView,
  type ReviewPostView,
  type ReviewView,
} from "@/lib/approvals/review-links";
import { reviewDecisionSchema } from "@/lib/approvals/review-link-schemas";
import { storedFileResponse, type MediaVariant } from "@/lib/media/server/serve";
import { isStoredFilename } from "@/lib/media/server/filenames";
import { isConnectablePlatform } from "@/lib/networks/platforms";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { MESSAGES, type PostDto, type PostPageEntry } from "@/lib/posts/schemas";
import { ApiError, notFound } from "@/lib/server/api/errors";
import { openReviewLink, type OpenedLink } from "./review-links";
import { decide } from "./service";

/**
 * What a review link opens, and nothing more: its posts (text, media, pages, time, review state),
 * their media files, and a decision on each. Every read goes through the link's own post list, so a
 * post, file or page of the workspace outside the link answers 404 exactly as a missing one.
 */

type ActiveLink = Extract<OpenedLink, { state: "active" }>["link"];

const LINK_ERRORS = {
  invalid: () => notFound(REVIEW_MESSAGES.invalid),
  expired: () => new ApiError(410, "link_expired", REVIEW_MESSAGES.expired),
  revoked: () => new ApiError(410, "link_revoked", REVIEW_MESSAGES.revoked),
} as const;

/** The active link a token names, or the API error that says why it does not work. */
export async function activeLink(token: string): Promise<ActiveLink> {
  const opened = await openReviewLink(token);
  if (opened.state !== "active") throw LINK_ERRORS[opened.state]();
  return opened.link;
}

/** The link's posts in the order chosen; deleted ones have left it. */
async function linkPostIds(linkId: string): Promise<string[]> {
  const rows = await db
    .select({ postId: reviewLinkPosts.postId })
    .from(reviewLinkPosts)
    .where(eq(reviewLinkPosts.linkId, linkId))
    .orderBy(asc(reviewLinkPosts.position));
  return rows.map((row) => row.postId);
}

/** GET /api/review/{token} (and the /review/{token} page): the link's posts as the reviewer sees them. */
export async function reviewView(token: string, link: ActiveLink): Promise<ReviewView> {
  const [[context], postIds] = await Promise.all([
    db
      .select({
        workspaceName: workspaces.name,
        timeZone: workspaces.timeZone,
        senderName: users.name,
        senderEmail: users.email,
      })
      .from(workspaces)
      .leftJoin(users, eq(users.id, link.createdBy ?? ""))
      .where(eq(workspaces.id, link.workspaceId)),
    linkPostIds(link.id),
  ]);
  const views = await postViews(token, link, postIds);
  return {
    workspaceName: context?.workspaceName ?? "",
    timeZone: context?.timeZone ?? "UTC",
    sentBy: context?.senderName?.trim() || context?.senderEmail || null,
    recipientName: link.recipientName,
    recipientEmail: link.recipientEmail,
    expiresAt: link.expiresAt.toISOString(),
    posts: views,
  };
}

async function postViews(token: string, link: ActiveLink, postIds: string[]): Promise<ReviewPostView[]> {
  if (postIds.length === 0) return [];
  const [dtos, versions, decisions] = await Promise.all([
    Promise.all(postIds.map((id) => getPostOrThrow(link.workspaceId, id).catch(() => null))),
    db
      .select({ id: posts.id, version: sql<string>`post_content_hash(${posts.id})` })
      .from(posts)
      .where(and(eq(posts.workspaceId, link.workspaceId), inArray(posts.id, postIds))),
    db
      .select()
      .from(postApprovals)
      .where(and(eq(postApprovals.reviewLinkId, link.id), inArray(postApprovals.postId, postIds)))
      .orderBy(desc(postApprovals.createdAt), desc(postApprovals.id)),
  ]);
  const present = dtos.filter((dto): dto is PostDto => dto !== null);
  const pages = await pagesOf(link.workspaceId, present);
  const versionOf = new Map(versions.map((row) => [row.id, row.version]));
  const lastDecision = new Map<string, ReviewDecisionView>();
  for (const row of decisions)
    if (!lastDecision.has(row.postId))
      lastDecision.set(row.postId, {
        decision: row.decision,
        name: row.reviewerName ?? "",
        comment: row.comment,
        decidedAt: row.createdAt.toISOString(),
      });
  return present.map((post) =>
    toView(token, post, pages, versionOf.get(post.id) ?? "", lastDecision.get(post.id) ?? null),
  );
}

/** How each page a post goes to is shown as its author; pages since disconnected keep the name the post recorded. */
async function pagesOf(workspaceId: string, dtos: PostDto[]): Promise<Map<string, ReviewPageView>> {
  const ids = [...new Set(dtos.flatMap((dto) => dto.pages.flatMap((page) => (page.pageId ? [page.pageId] : []))))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: socialPages.id,
      platform: socialPages.platform,
      name: socialPages.name,
      username: socialPages.username,
      picture: socialPages.profilePicture,
    })
    .from(socialPages)
    .where(and(eq(socialPages.workspaceId, workspaceId), inArray(socialPages.id, ids)));
  const found = new Map<string, ReviewPageView>();
  for (const row of rows)
    if (isConnectablePlatform(row.platform))
      found.set(row.id, { platform: row.platform, name: row.name, username: row.username, picture: row.picture });
  return found;
}

function pageView(entry: PostPageEntry, pages: Map<string, ReviewPageView>): ReviewPageView[] {
  const known = entry.pageId ? pages.get(entry.pageId) : undefined;
  if (known) return [known];
  return isConnectablePlatform(entry.platform)
    ? [{ platform: entry.platform, name: entry.pageName, username: null, picture: null }]
    : [];
}

function toView(
  token: string,
  post: PostDto,
  pages: Map<string, ReviewPageView>,
  version: string,
  lastDecision: ReviewDecisionView | null,
): ReviewPostView {
  const base = `/api/review/${token}/media/`;
  const waiting = post.status === "scheduled";
  const shared = post.pages.filter((page) => page.type === "share").flatMap((page) => pageView(page, pages));
  return {
    id: post.id,
    title: post.title,
    content: post.content,
    media: post.media.map((item) => ({
      ...item,
      url: `${base}${encodeURIComponent(item.filename)}`,
      thumbnail: item.thumbnail ? `${base}${encodeURIComponent(item.filename)}/thumbnail` : null,
    })),
    summarizeForTwitter: post.summarizeForTwitter,
    pages: post.pages.filter((page) => page.type === "post").flatMap((page) => pageView(page, pages)),
    shares: shared.length > 0 ? { pages: shared, message: post.shareContent } : null,
    scheduledAt: post.scheduledAt,
    status: post.status,
    approvalState: post.approvalState,
    version,
    decidable: {
      approve: waiting && post.approvalState === "in_review",
      requestChanges: waiting && (post.approvalState === "in_review" || post.approvalState === "approved"),
    },
    lastDecision,
  };
}

/**
 * POST /api/review/{token}/decision: the reviewer approves or asks for changes to one of the link's
 * posts, on the version they were shown, under the name and address they give.
 */
export async function decideByLink(token: string, body: unknown): Promise<{ post: ReviewPostView; message: string }> {
  const link = await activeLink(token);
  const input = reviewDecisionSchema.parse(body);
  const postIds = await linkPostIds(link.id);
  if (!postIds.includes(input.postId)) throw notFound(MESSAGES.notFound);
  await decide(
    link.workspaceId,
    {
      outsider: {
        name: input.name,
        email: input.email,
        linkId: link.id,
        linkCreatedBy: link.createdBy,
        version: input.version,
      },
    },
    input.postId,
    input.decision,
    () => input.comment || null,
  );
  const [view] = await postViews(token, link, [input.postId]);
  if (!view) throw notFound(MESSAGES.notFound);
  return {
    post: view,
    message: input.decision === "approved" ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.changesRequested,
  };
}

/** GET /api/review/{token}/media/{filename}[/thumbnail]: a file of one of the link's posts. */
export async function reviewMediaResponse(
  token: string,
  filename: string,
  variant: MediaVariant,
  rangeHeader: string | null,
): Promise<Response> {
  const link = await activeLink(token);
  if (!isStoredFilename(filename)) return storedFileResponse(null, variant, null);
  const [row] = await db
    .select({ media })
    .from(media)
    .innerJoin(postMedia, eq(postMedia.mediaId, media.id))
    .innerJoin(reviewLinkPosts, and(eq(reviewLinkPosts.postId, postMedia.postId), eq(reviewLinkPosts.linkId, link.id)))
    .where(and(eq(media.filename, filename), eq(media.workspaceId, link.workspaceId), isNotNull(media.storageKey)))
    .limit(1);
  // The link ends; the browser must not keep its files past that.
  return storedFileResponse(row?.media ?? null, variant, rangeHeader, "private, no-store");
}
