"use client";

import { Link } from "@/components/ui/link";
import { AlertCircle, ChevronLeft, ChevronRight, FileText, SearchX } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { errorMessage } from "@/lib/client/http";
import type { usePostList } from "@/lib/client/hooks/content-list";
import type { PostListPagination } from "@/lib/posts/schemas";
import type { PostDto } from "@/lib/posts/schemas";
import { cn } from "@/lib/utils";
import { PostCard } from "./post-card";
import { PostListSkeleton } from "./post-list-skeleton";
import { SelectionBar } from "./selection-bar";

interface PostListProps {
  query: ReturnType<typeof usePostList>;
  posts: PostDto[];
  pagination: PostListPagination | undefined;
  /** A status filter is applied (an empty list then says the filter matched nothing). */
  filtered: boolean;
  onClearFilters: () => void;
  selectedIds: string[];
  deletingIds: ReadonlySet<string>;
  publishingIds: ReadonlySet<string>;
  highlightedId: string | null;
  bulkDeleting: boolean;
  onToggle: (postId: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onClearSelection: () => void;
  onDeleteOne: (post: PostDto) => void;
  onPublishOne: (post: PostDto) => void;
  onDeleteSelected: () => void;
  /** 'Send for client review' of the selection; absent for those who may not approve. */
  onSendSelectedForReview?: () => void;
  onPageChange: (page: number) => void;
}

/** The list itself in its four states: loading, failed, empty, and posts (with selection and pages). */
export function PostList(props: PostListProps) {
  const { query, posts, pagination, selectedIds } = props;
  const selectAllId = useId();

  if (query.isPending) return <PostListSkeleton />;

  if (query.isError && !query.data) {
    return (
      <div
        role="alert"
        className="border-destructive/50 bg-destructive/10 text-destructive flex flex-wrap items-center gap-3 rounded-lg border p-4 text-sm"
      >
        <AlertCircle className="size-4 shrink-0" aria-hidden />
        <div className="grid flex-1 gap-0.5">
          <span className="font-medium">Failed to load posts</span>
          <span className="text-destructive/90 text-xs">{errorMessage(query.error, "Error loading posts")}</span>
        </div>
        <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }

  if (posts.length === 0 && props.filtered) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
        <span
          className="bg-muted text-muted-foreground grid size-12 place-items-center rounded-full"
          aria-hidden="true"
        >
          <SearchX className="size-6" />
        </span>
        <p className="font-medium">No posts match these filters</p>
        <p className="text-muted-foreground max-w-md text-sm">
          Try another status, or clear the filters to see every post.
        </p>
        <Button type="button" variant="outline" onClick={props.onClearFilters}>
          Clear filters
        </Button>
      </div>
    );
  }

  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
        <span className="bg-primary/15 text-primary grid size-12 place-items-center rounded-full" aria-hidden="true">
          <FileText className="size-6" />
        </span>
        <p className="text-muted-foreground max-w-md">No posts found. Start by creating your first post!</p>
        <Button asChild>
          <Link href="/create-post">+ Create Your First Post</Link>
        </Button>
      </div>
    );
  }

  const allSelected = selectedIds.length === posts.length;
  const someSelected = selectedIds.length > 0 && !allSelected;
  const total = pagination?.total ?? posts.length;
  const page = pagination?.page ?? 1;
  const totalPages = pagination?.totalPages ?? 1;
  const first = (page - 1) * (pagination?.limit ?? posts.length) + 1;
  // Showing the previous filter's posts while the new ones load.
  const stale = query.isPlaceholderData;

  return (
    <section aria-label="Posts" aria-busy={stale || undefined} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id={selectAllId}
            checked={allSelected ? true : someSelected ? "indeterminate" : false}
            onCheckedChange={(checked) => props.onToggleAll(checked === true)}
            disabled={props.bulkDeleting}
          />
          <label htmlFor={selectAllId} className="cursor-pointer text-sm font-medium select-none">
            Select all posts
          </label>
        </div>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {totalPages > 1
            ? `Showing ${first}–${first + posts.length - 1} of ${total} posts`
            : `${total} ${total === 1 ? "post" : "posts"}`}
        </p>
      </div>

      {selectedIds.length > 0 && (
        <SelectionBar
          count={selectedIds.length}
          deleting={props.bulkDeleting}
          onDelete={props.onDeleteSelected}
          onClear={props.onClearSelection}
          onSendForReview={props.onSendSelectedForReview}
          reviewable={posts.every(
            (post) =>
              !selectedIds.includes(post.id) || (post.status === "scheduled" && post.approvalState === "in_review"),
          )}
        />
      )}

      <div className={cn("grid gap-4 transition-opacity", stale && "opacity-60")}>
        {posts.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            selected={selectedIds.includes(post.id)}
            onSelectedChange={(checked) => props.onToggle(post.id, checked)}
            onDelete={() => props.onDeleteOne(post)}
            deleting={props.deletingIds.has(post.id)}
            onPublish={() => props.onPublishOne(post)}
            publishing={props.publishingIds.has(post.id)}
            highlighted={props.highlightedId === post.id}
          />
        ))}
      </div>

      {totalPages > 1 && (
        <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-3 pt-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => props.onPageChange(page - 1)}
            disabled={page <= 1 || stale}
          >
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <span className="text-muted-foreground text-sm tabular-nums">
            Page {page} of {totalPages}
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => props.onPageChange(page + 1)}
            disabled={page >= totalPages || stale}
          >
            Next
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      )}
    </section>
  );
}
