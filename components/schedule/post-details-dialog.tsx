"use client";

import { CalendarClock, Loader2, Pencil, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { DelayedBadge } from "@/components/content/delayed-badge";
import { DelayedNote } from "@/components/content/delayed-note";
import { PageDetail } from "@/components/content/page-detail";
import { PostStatusBadge } from "@/components/content/post-status-badge";
import { postTitle } from "@/components/content/post-display";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorMessage } from "@/lib/client/http";
import { abbreviateNumber } from "@/lib/format";
import { useDeletePost } from "@/lib/client/hooks/posts";
import type { PostDto } from "@/lib/posts/schemas";
import { formatLongDateTime } from "@/lib/schedule/time";
import { platformLabels, type SocialPlatform } from "@/lib/networks/platforms";
import { PlatformList } from "./platform-list";

interface PostDetailsDialogProps {
  post: PostDto | null;
  onOpenChange: (open: boolean) => void;
  /** Offered for a scheduled post shown here (one that is delayed). */
  onReschedule?: (post: PostDto) => void;
}

/** Spec 'Post Details modal': when, where, what, per-page outcome, metrics, and delete. */
export function PostDetailsDialog({ post, onOpenChange, onReschedule }: PostDetailsDialogProps) {
  return (
    <Dialog open={post !== null} onOpenChange={onOpenChange}>
      {/* The body scrolls between the header and the buttons, so Delete and Close stay on screen however
          long the post (at 900 px they were below the fold). */}
      <DialogContent className="flex max-h-[90dvh] flex-col overflow-hidden sm:max-w-2xl">
        {post && (
          <Details
            key={post.id}
            post={post}
            onClose={() => onOpenChange(false)}
            onReschedule={post.status === "scheduled" && onReschedule ? () => onReschedule(post) : undefined}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function whenOf(post: PostDto): { label: "Published on" | "Scheduled on"; iso: string } {
  if (post.status === "published")
    return { label: "Published on", iso: post.publishedAt ?? post.scheduledAt ?? post.createdAt };
  return { label: "Scheduled on", iso: post.scheduledAt ?? post.createdAt };
}

function platformsOf(post: PostDto): SocialPlatform[] {
  const fromPages = [...new Set(post.pages.map((page) => page.platform))];
  if (fromPages.length > 0) return fromPages;
  return post.platform ? [post.platform] : [];
}

function Details({ post, onClose, onReschedule }: { post: PostDto; onClose: () => void; onReschedule?: () => void }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const deletePost = useDeletePost();
  const when = whenOf(post);
  const metrics = post.metrics
    ? [
        { label: "Views", value: post.metrics.views_sum },
        { label: "Likes", value: post.metrics.likes_sum },
        { label: "Comments", value: post.metrics.comments_sum },
        { label: "Shares", value: post.metrics.shares_sum },
        // Unavailable views (null) are not "above 0": no tile, as for a figure that is 0.
      ].filter((metric): metric is { label: string; value: number } => metric.value !== null && metric.value > 0)
    : [];

  async function remove() {
    try {
      await deletePost.mutateAsync(post.id);
      toast.success("Post deleted successfully");
      onClose();
    } catch (error) {
      toast.error("Failed to delete post", { description: errorMessage(error, "") || undefined });
    }
  }

  return (
    <>
      <DialogHeader>
        <div className="flex items-center gap-2 pr-8">
          <DialogTitle>Post Details</DialogTitle>
          <PostStatusBadge status={post.status} />
          {post.delayed && <DelayedBadge delay={post.delayed} />}
        </div>
        <p className="text-sm font-semibold break-words">{postTitle(post)}</p>
        <DialogDescription>
          {when.label} <time dateTime={when.iso}>{formatLongDateTime(when.iso)}</time>
        </DialogDescription>
      </DialogHeader>

      <div
        className="-mx-6 -my-1 grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-6 py-1"
        data-testid="post-details-body"
      >
        {post.delayed && <DelayedNote delay={post.delayed} />}

        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">Published To</h3>
          <PlatformList platforms={platformsOf(post)} />
        </section>

        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">Content</h3>
          <div className="bg-muted/30 grid gap-1 rounded-md border p-3">
            {post.title && <p className="text-sm font-semibold">{post.title}</p>}
            <p className="text-sm break-words whitespace-pre-wrap">{post.content}</p>
          </div>
        </section>

        {post.pages.length > 0 && (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">Platform Details</h3>
            <ul className="grid gap-2">
              {post.pages.map((page, index) => (
                <PageDetail
                  key={`${page.pageId ?? "page"}-${page.type}-${index}`}
                  postId={post.id}
                  page={page}
                  linkLabel={`View on ${platformLabels[page.platform]}`}
                />
              ))}
            </ul>
          </section>
        )}

        {metrics.length > 0 && (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">Performance Metrics</h3>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {metrics.map((metric) => (
                <div key={metric.label} className="bg-muted/30 rounded-md border p-3 text-center">
                  <dt className="text-muted-foreground text-xs">{metric.label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{abbreviateNumber(metric.value)}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>

      {confirming ? (
        <div role="alert" className="border-destructive/50 bg-destructive/10 grid gap-3 rounded-md border p-3">
          <p className="text-destructive text-sm font-medium">
            Are you sure you want to delete this post? This action cannot be undone.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => setConfirming(false)}
              disabled={deletePost.isPending}
            >
              Cancel
            </Button>
            <Button type="button" variant="destructive" onClick={() => void remove()} disabled={deletePost.isPending}>
              {deletePost.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
              {deletePost.isPending ? "Deleting..." : "Yes, Delete Permanently"}
            </Button>
          </div>
        </div>
      ) : (
        <DialogFooter className="sm:justify-between">
          <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            Delete Post
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            {post.status !== "published" && (
              <Button
                type="button"
                variant="outline"
                onClick={() => router.push(`/create-post?postId=${encodeURIComponent(post.id)}`)}
              >
                <Pencil aria-hidden />
                Edit
              </Button>
            )}
            {onReschedule && (
              <Button type="button" variant="outline" onClick={onReschedule}>
                <CalendarClock aria-hidden />
                Reschedule
              </Button>
            )}
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
          </div>
        </DialogFooter>
      )}
    </>
  );
}
