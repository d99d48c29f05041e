import { PostEditor } from "@/components/post-editor/post-editor";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { aiKeys } from "@/lib/ai/query-keys";
import { getPostChatHistory } from "@/lib/ai/server/chat-queries";
import { aiStatus } from "@/lib/ai/server/client";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { checkLimit } from "@/lib/billing/server/limits";
import { postKeys } from "@/lib/posts/query-keys";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { ApiError } from "@/lib/server/api/errors";
import { okBody } from "@/lib/server/api/route";
import { allParams, firstParam, type PageSearchParams } from "@/lib/server/page-params";

export const metadata = { title: "Create Post" };

/**
 * A post opened for editing (?postId=) comes with the page, as GET /api/post/{id}
 * answers it, with its AI conversation (GET /api/post/{id}/chat); one that is not there (or not
 * the user's) is left to the browser, which says so.
 */
async function editedPost(userId: string, postId: string | null): Promise<PrefilledEntries> {
  if (!postId) return [];
  try {
    const [post, chat] = await Promise.all([getPostOrThrow(userId, postId), getPostChatHistory(userId, postId)]);
    return [
      [postKeys.detail(postId), post],
      [aiKeys.postChat(postId), okBody(chat)],
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
async function editorQueries(userId: string, postId: string | null): Promise<PrefilledEntries> {
  const [edited, createLimit] = await Promise.all([
    editedPost(userId, postId),
    checkLimit(userId, { operation: "createPost" }),
  ]);
  return [
    ...edited,
    [aiKeys.status(), okBody(aiStatus())],
    [postKeys.createLimit(), { allowed: createLimit.allowed, reason: createLimit.reason }],
  ];
}

export default async function CreatePostPage({ searchParams }: { searchParams: PageSearchParams }) {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const user = await getRenderSessionUser();
  if (!user) return null;
  // ?postId= and ?pageId= are read here, not with useSearchParams in the browser (see
  // app/(app)/content/page.tsx).
  const params = await searchParams;
  const postId = firstParam(params.postId);
  return (
    <PrefilledQueries read={() => editorQueries(user.id, postId)}>
      <PostEditor postId={postId} pageIds={allParams(params.pageId)} />
    </PrefilledQueries>
  );
}
