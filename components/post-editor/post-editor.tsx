"use client";

import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { PageSpinner } from "@/components/layout/page-spinner";
import { InlineMessage } from "@/components/media/inline-message";
import { useSession } from "@/lib/client/session";
import { Button } from "@/components/ui/button";
import { errorMessage, HttpError } from "@/lib/client/http";
import { usePost } from "@/lib/client/hooks/posts";
import { MESSAGES } from "@/lib/posts/constants";
import { NoPages } from "./no-pages";
import { PostEditorForm } from "./post-editor-form";

// Loaded after the editor: its first load stays within the page's budget.
const PostComments = dynamic(() => import("@/components/posts/post-comments").then((module) => module.PostComments), {
  ssr: false,
});

/**
 * /create-post. `?postId=` opens a saved post for editing (the spec's navigation state);
 * `?pageId=` (a PageSummary id, repeatable: the dashboard's per-network 'Create Post') preselects
 * pages for a new post.
 */
export function PostEditor({
  postId,
  pageIds,
  scheduleAt = null,
}: {
  postId: string | null;
  pageIds: readonly string[];
  /** A new post's time picked on the calendar: where the Schedule dialog starts. */
  scheduleAt?: string | null;
}) {
  const { session } = useSession();
  const post = usePost(postId);

  if (session.status !== "authenticated") return null;
  const groups = session.data.socialAccounts;
  if (!groups.some((group) => group.pages.length > 0)) return <NoPages />;

  if (postId) {
    if (post.isPending) return <PageSpinner label="Loading post" />;
    if (post.isError) {
      const notFound = post.error instanceof HttpError && post.error.status === 404;
      return (
        <div className="mx-auto grid max-w-lg gap-4">
          <h1 className="text-2xl font-bold tracking-tight">Edit Post</h1>
          <InlineMessage tone="error">
            {notFound ? MESSAGES.notFound : errorMessage(post.error, "Failed to load post")}
          </InlineMessage>
          <div className="flex flex-wrap gap-2">
            {!notFound && (
              <Button type="button" variant="outline" onClick={() => void post.refetch()}>
                Try Again
              </Button>
            )}
            <Button asChild>
              <Link href="/create-post">Create a New Post</Link>
            </Button>
          </div>
        </div>
      );
    }
  }

  // A new key for each post (and for a new one) so the form starts from that post's values.
  return (
    <>
      <PostEditorForm
        key={postId ?? "new"}
        groups={groups}
        post={postId ? post.data : undefined}
        preselectedPageId={postId ? null : pageIds}
        scheduleAt={scheduleAt}
      />
      {postId && <PostComments postId={postId} />}
    </>
  );
}
