import Image from "next/image";
import { Clock, Film } from "lucide-react";
import { ApprovalBadge } from "@/components/content/approval-badge";
import { PostStatusBadge } from "@/components/content/post-status-badge";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import type { QueuePostDto } from "@/lib/queue/schemas";
import { queuePostName } from "./queue-display";

function Thumbnail({ post }: { post: QueuePostDto }) {
  if (!post.thumbnailUrl && post.thumbnailKind !== "video") return null;
  return (
    <span className="bg-muted text-muted-foreground relative grid size-10 shrink-0 place-items-center overflow-hidden rounded-md border">
      {/* A video without a thumbnail has no URL an <img> can show: a film icon stands in. */}
      {post.thumbnailUrl ? (
        // The app serves media to its owner only: no optimiser round trip.
        <Image src={post.thumbnailUrl} alt="" fill unoptimized sizes="2.5rem" className="object-cover" />
      ) : (
        <>
          <Film className="size-4" aria-hidden />
          <span className="sr-only">Video</span>
        </>
      )}
    </span>
  );
}

/** A post in the queue view: its thumbnail, its name (a link to the editor), its status and review. */
export function QueuePostSummary({ post }: { post: QueuePostDto }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Thumbnail post={post} />
      <div className="grid min-w-0 flex-1 gap-1">
        <Link
          href={`/create-post?postId=${encodeURIComponent(post.id)}`}
          className="focus-visible:ring-ring/60 truncate rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-[3px]"
        >
          {queuePostName(post)}
        </Link>
        <div className="flex flex-wrap items-center gap-1.5">
          <PostStatusBadge status={post.status} />
          <ApprovalBadge state={post.approvalState} />
          {!post.queued && (
            <Badge variant="outline" title="Goes out at a time of its own: it does not move with the queue">
              <Clock aria-hidden />
              Own time
            </Badge>
          )}
        </div>
      </div>
    </div>
  );
}
