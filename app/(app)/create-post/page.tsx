import { PostEditor } from "@/components/post-editor/post-editor";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { activityKeys } from "@/lib/activity/query-keys";
import { approvalKeys } from "@/lib/approvals/query-keys";
import { getApprovalSetting } from "@/lib/approvals/server/setting";
import { listComments } from "@/lib/activity/server/comments";
import { mentionableMembers } from "@/lib/activity/members";
import { aiKeys } from "@/lib/ai/query-keys";
import { getPostChatHistory } from "@/lib/ai/server/chat-queries";
import { aiStatus } from "@/lib/ai/server/client";
import { getRenderActor } from "@/lib/auth/server/render-session";
import { checkLimit } from "@/lib/billing/server/limits";
import { postKeys } from "@/lib/posts/query-keys";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { ApiError } from "@/lib/server/api/errors";
import { okBody } from "@/lib/server/api/route";
import { allParams, firstParam, type PageSearchParams } from "@/lib/server/page-params";
import type { Actor } from "@/lib/workspaces/schemas";
import { listTeam } from "@/lib/workspaces/server/members";

export const metadata = { title: "Create Post" };

/**
 * A post opened for editing (?postId=) comes with the page, as GET /api/post/{id}
 * answers it, with its AI conversation (GET /api/post/{id}/chat) and its comments; one that is not there (or not
 * the workspace's) is left to the browser, which says so.
 */
async function editedPost(actor: Actor, postId: string | null): Promise<PrefilledEntries> {
  if (!postId) return [];
  try {
    const [post, chat, comments, members] = await Promise.all([
      getPostOrThrow(actor.workspaceId, postId),
      getPostChatHistory(actor, postId),
      listComments(actor.workspaceId, postId),
      listTeam(actor.workspaceId),
    ]);
    return [
      [postKeys.detail(postId), post],
      [aiKeys.postChat(postId), okBody(chat)],
      // The comments under the editor, and the members their mentions offer.
      [activityKeys.comments(postId), comments],
      [activityKeys.members(), mentionableMembers(members)],
    ];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * What the editor asks as it opens comes with it: the edited post, whether a model or the offline
 * writer answers (GET /api/openai/status), and whether the plan allows another post (check-limit,
 * as lib/client/requests/posts.ts reads it: allowed and reason). Every editor load asked for the
 * last two after hydration, and re-rendered the form with them.
 */
async function editorQueries(actor: Actor, postId: string | null): Promise<PrefilledEntries> {
  const [edited, createLimit, approvalSetting] = await Promise.all([
    editedPost(actor, postId),
    checkLimit(actor.workspaceId, { operation: "createPost" }),
    getApprovalSetting(actor.workspaceId),
  ]);
  return [
    ...edited,
    [approvalKeys.setting(actor.workspaceId), approvalSetting],
    [aiKeys.status(), okBody(aiStatus())],
    [postKeys.createLimit(), { allowed: createLimit.allowed, reason: createLimit.reason }],
  ];
}

export default async function CreatePostPage({ searchParams }: { searchParams: PageSearchParams }) {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const actor = await getRenderActor();
  if (!actor) return null;
  // ?postId= and ?pageId= are read here, not with useSearchParams in the browser (see
  // app/(app)/content/page.tsx).
  const params = await searchParams;
  const postId = firstParam(params.postId);
  // ?at=: a time picked on the calendar's week (a day's '+' or a free slot), for the Schedule dialog.
  const at = firstParam(params.at);
  const scheduleAt = at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : null;
  return (
    <PrefilledQueries workspaceId={actor.workspaceId} read={() => editorQueries(actor, postId)}>
      <PostEditor postId={postId} pageIds={allParams(params.pageId)} scheduleAt={postId ? null : scheduleAt} />
    </PrefilledQueries>
  );
}
