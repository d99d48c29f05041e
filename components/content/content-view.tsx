"use client";

import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { Plus } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/client/http";
import { usePostList } from "@/lib/client/hooks/content-list";
import { type PostSort, type PostStatusFilter } from "@/lib/posts/query-keys";
import { useBulkDeletePosts, useDeletePost, usePublishPost } from "@/lib/client/hooks/posts";
import { useSession } from "@/lib/client/session";
import { can } from "@/lib/workspaces/roles";
import type { PostDto } from "@/lib/posts/schemas";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { DeleteTarget } from "./delete-posts-dialog";
import { postShortName, publishTargets } from "./post-display";
import { PostList } from "./post-list";
import { PostListControls } from "./post-list-controls";
import type { PublishTarget } from "./publish-post-dialog";
import { announcePublishResult } from "./publish-result";
import { HIGHLIGHT_PARAM, useHighlightedPost } from "./use-highlighted-post";

// The confirmations are chunks of their own, loaded when first asked for: with Radix's alert
// dialog, focus trap and scroll lock they were about 13 KiB of the page's first load.
const DeletePostsDialog = dynamic(() => import("./delete-posts-dialog").then((module) => module.DeletePostsDialog), {
  ssr: false,
});
const SendReviewLinkDialog = dynamic(
  () => import("@/components/approvals/send-review-link-dialog").then((module) => module.SendReviewLinkDialog),
  { ssr: false },
);
const PublishPostDialog = dynamic(() => import("./publish-post-dialog").then((module) => module.PublishPostDialog), {
  ssr: false,
});

/** A copy of `current` with `ids` added (on) or removed. */
function withIds(current: ReadonlySet<string>, ids: string[], on: boolean): ReadonlySet<string> {
  const next = new Set(current);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * Content Creator (/content): the user's posts, filterable and sortable, with single and bulk
 * delete, and Publish for drafts and failed posts. `highlight` is `?highlight=` as the page read it.
 */
export function ContentView({ highlight }: { highlight: string | null }) {
  const [status, setStatus] = useState<PostStatusFilter>("all");
  const [sort, setSort] = useState<PostSort>("date");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // The target outlives the dialog's closing animation, so its title does not change while it fades.
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const confirmMounted = useOpenedOnce(confirmOpen);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [publishTarget, setPublishTarget] = useState<PublishTarget | null>(null);
  const [publishOpen, setPublishOpen] = useState(false);
  const publishMounted = useOpenedOnce(publishOpen);
  const [publishingIds, setPublishingIds] = useState<ReadonlySet<string>>(() => new Set());
  const router = useRouter();
  const pathname = usePathname();
  const { session } = useSession();
  // Approvers send posts for client review; the role alone says so (no request on load).
  const mayApprove = session.data ? can(session.data.workspace.role, "publish") : false;
  const [reviewIds, setReviewIds] = useState<string[]>([]);
  const [reviewOpen, setReviewOpen] = useState(false);
  const reviewMounted = useOpenedOnce(reviewOpen);

  const list = usePostList({ status, sort, page });
  const deletePost = useDeletePost();
  const bulkDelete = useBulkDeletePosts();
  const publishPost = usePublishPost();

  const posts = useMemo(() => list.data?.posts ?? [], [list.data]);
  const pagination = list.data?.pagination;
  const ids = useMemo(() => posts.map((post) => post.id), [posts]);
  // Only what is on screen counts as selected: posts deleted elsewhere or on another page drop out.
  const selectedIds = ids.filter((id) => selected.has(id));
  const highlightedId = useHighlightedPost(highlight, list.isSuccess && !list.isPlaceholderData ? ids : null);

  async function refresh() {
    const hadPosts = list.data !== undefined;
    const result = await list.refetch();
    // Without posts on screen the list's own 'Failed to load posts' alert already says it.
    if (result.isError && hadPosts)
      toast.error("Error loading posts", { description: errorMessage(result.error, "") || undefined });
  }

  function resetSelection() {
    setSelected(new Set());
  }

  function changeStatus(value: PostStatusFilter) {
    setStatus(value);
    setPage(1);
    resetSelection();
  }

  function changeSort(value: PostSort) {
    setSort(value);
    setPage(1);
    resetSelection();
  }

  function changePage(value: number) {
    setPage(value);
    resetSelection();
    window.scrollTo({ top: 0, behavior: "smooth" });
  }

  function toggle(postId: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(postId);
      else next.delete(postId);
      return next;
    });
  }

  function toggleAll(checked: boolean) {
    setSelected(checked ? new Set(ids) : new Set());
  }

  /** A page emptied by deletions gives way to the one before it. */
  function afterDeleting(count: number) {
    if (page > 1 && count >= posts.length) setPage(page - 1);
  }

  function markDeleting(postIds: string[], deleting: boolean) {
    setDeletingIds((current) => withIds(current, postIds, deleting));
  }

  // mutateAsync rather than mutate's per-call callbacks: the card that asked may be gone by the
  // time the answer arrives (the list refetches), and this view outlives it. A deleted post stays
  // marked as deleting until the refetch takes it off the list.
  async function deleteOne(postId: string) {
    markDeleting([postId], true);
    try {
      await deletePost.mutateAsync(postId);
      toast.success("Post deleted successfully");
      toggle(postId, false);
      afterDeleting(1);
    } catch (error) {
      markDeleting([postId], false);
      toast.error("Failed to delete post", { description: errorMessage(error, "Error deleting post") });
    }
  }

  async function deleteMany(postIds: string[]) {
    markDeleting(postIds, true);
    try {
      const result = await bulkDelete.mutateAsync(postIds);
      const deleted = new Set((result.results ?? []).filter((item) => item.success).map((item) => item.postId));
      const kept = postIds.filter((id) => !deleted.has(id));
      const message = `Successfully deleted ${result.deletedCount} of ${result.total} post(s)`;
      if (result.deletedCount === result.total) toast.success(message);
      else toast.warning(message, { description: result.results?.find((item) => !item.success)?.error });
      // Deleted posts leave the selection; the ones that failed stay selected for another try.
      markDeleting(kept, false);
      setSelected((current) => new Set([...current].filter((id) => !deleted.has(id))));
      afterDeleting(result.deletedCount);
    } catch (error) {
      markDeleting(postIds, false);
      toast.error("Failed to delete posts", { description: errorMessage(error, "") || undefined });
    }
  }

  function askToPublish(post: PostDto) {
    setPublishTarget({ postId: post.id, name: postShortName(post), ...publishTargets(post) });
    setPublishOpen(true);
  }

  /** Publishes now, says how it went as the editor does, and highlights the post for 5 s. */
  async function publishOne(target: PublishTarget) {
    setPublishOpen(false);
    setPublishingIds((current) => withIds(current, [target.postId], true));
    try {
      const { post } = await publishPost.mutateAsync(target.postId);
      announcePublishResult(post);
      router.replace(`${pathname}?${HIGHLIGHT_PARAM}=${encodeURIComponent(post.id)}`, { scroll: false });
    } catch (error) {
      toast.error("Failed to publish post", { description: errorMessage(error, "") || undefined });
    } finally {
      setPublishingIds((current) => withIds(current, [target.postId], false));
    }
  }

  function askToDelete(target: DeleteTarget) {
    setDeleteTarget(target);
    setConfirmOpen(true);
  }

  function confirmDelete(target: DeleteTarget) {
    setConfirmOpen(false);
    if (target.kind === "single") void deleteOne(target.postId);
    else void deleteMany(target.postIds);
  }

  return (
    <div className="grid gap-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Content Creator</h1>
          <p className="text-muted-foreground mt-1">Review, edit and manage every post you have written.</p>
        </div>
        <Button asChild>
          <Link href="/create-post">
            <Plus aria-hidden />
            Create Post
          </Link>
        </Button>
      </header>

      <PostListControls
        status={status}
        onStatusChange={changeStatus}
        sort={sort}
        onSortChange={changeSort}
        onRefresh={() => void refresh()}
        refreshing={list.isFetching}
      />

      <PostList
        query={list}
        posts={posts}
        pagination={pagination}
        filtered={status !== "all"}
        onClearFilters={() => changeStatus("all")}
        selectedIds={selectedIds}
        deletingIds={deletingIds}
        publishingIds={publishingIds}
        highlightedId={highlightedId}
        bulkDeleting={bulkDelete.isPending}
        onToggle={toggle}
        onToggleAll={toggleAll}
        onClearSelection={resetSelection}
        onDeleteOne={(post) => askToDelete({ kind: "single", postId: post.id, name: postShortName(post) })}
        onDeleteSelected={() => askToDelete({ kind: "bulk", postIds: selectedIds })}
        onSendSelectedForReview={
          mayApprove
            ? () => {
                setReviewIds(selectedIds);
                setReviewOpen(true);
              }
            : undefined
        }
        onPublishOne={askToPublish}
        onPageChange={changePage}
      />

      {reviewMounted && <SendReviewLinkDialog open={reviewOpen} onOpenChange={setReviewOpen} postIds={reviewIds} />}

      {confirmMounted && (
        <DeletePostsDialog
          open={confirmOpen}
          target={deleteTarget}
          onOpenChange={setConfirmOpen}
          onConfirm={confirmDelete}
        />
      )}
      {publishMounted && (
        <PublishPostDialog
          open={publishOpen}
          target={publishTarget}
          onOpenChange={setPublishOpen}
          onConfirm={(target) => void publishOne(target)}
        />
      )}
    </div>
  );
}
