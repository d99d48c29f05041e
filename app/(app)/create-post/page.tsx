import { PostEditor } from "@/components/post-editor/post-editor";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { postKeys } from "@/lib/posts/query-keys";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import { ApiError } from "@/lib/server/api/errors";
import { allParams, firstParam, type PageSearchParams } from "@/lib/server/page-params";

export const metadata = { title: "Create Post" };

/**
 * A post opened for editing (?postId=) comes with the page (issue #18), as GET /api/post/{id}
 * answers it; one that is not there (or not the user's) is left to the browser, which says so.
 */
async function editedPost(userId: string, postId: string | null): Promise<PrefilledEntries> {
  if (!postId) return [];
  try {
    return [[postKeys.detail(postId), await getPostOrThrow(userId, postId)]];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
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
    <PrefilledQueries read={() => editedPost(user.id, postId)}>
      <PostEditor postId={postId} pageIds={allParams(params.pageId)} />
    </PrefilledQueries>
  );
}
