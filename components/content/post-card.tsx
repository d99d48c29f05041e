"use client";

import { Link } from "@/components/ui/link";
import {
  ChevronDown,
  ChevronUp,
  Eye,
  Heart,
  Loader2,
  MessageCircle,
  Pencil,
  Send,
  Trash2,
  type LucideIcon,
} from "lucide-react";
import { useId, useState } from "react";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { LocalTime } from "@/components/ui/local-time";
import { useHydrated } from "@/lib/client/use-hydrated";
import { partialViewsNote } from "@/lib/analytics/display";
import { formatCount } from "@/lib/format";
import type { PostDto } from "@/lib/posts/schemas";
import { platformLabels, type SocialPlatform } from "@/lib/networks/platforms";
import { cn } from "@/lib/utils";
import {
  failedPlatforms,
  formatDateTime,
  platformsToCheck,
  isEditable,
  postDate,
  postElementId,
  postShortName,
  postTitle,
  publishedPlatforms,
  showsMetrics,
} from "./post-display";
import { PostDestinations } from "./post-destinations";
import { PostMediaStrip } from "./post-media-strip";
import { DelayedBadge } from "./delayed-badge";
import { DelayedNote } from "./delayed-note";
import { PostDetails } from "./post-details";
import { UnavailableFigure } from "@/components/ui/unavailable-figure";
import { PostStatusBadge } from "./post-status-badge";
import { ApprovalBadge } from "./approval-badge";

interface PostCardProps {
  post: PostDto;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onDelete: () => void;
  deleting: boolean;
  /** Asks to publish the post now (drafts and failed posts); the list confirms first. */
  onPublish: () => void;
  publishing: boolean;
  highlighted: boolean;
}

/** One post in the Content Creator list: summary, totals, actions, and details behind More. */
export function PostCard({
  post,
  selected,
  onSelectedChange,
  onDelete,
  deleting,
  onPublish,
  publishing,
  highlighted,
}: PostCardProps) {
  const headingId = useId();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const date = postDate(post);
  const published = publishedPlatforms(post);
  const failed = failedPlatforms(post);
  const toCheck = platformsToCheck(post);
  const editable = isEditable(post);

  return (
    <article
      id={postElementId(post.id)}
      aria-labelledby={headingId}
      aria-busy={deleting || publishing || undefined}
      data-highlighted={highlighted || undefined}
      className={cn(
        "bg-card text-card-foreground grid scroll-mt-24 gap-4 rounded-xl border p-4 shadow-sm transition-[box-shadow,opacity] duration-500 sm:p-5",
        selected && "border-primary/60",
        highlighted && "ring-primary ring-offset-background ring-4 ring-offset-2",
        deleting && "opacity-60",
      )}
    >
      <div className="flex items-start gap-3">
        <Checkbox
          className="mt-1"
          checked={selected}
          onCheckedChange={(checked) => onSelectedChange(checked === true)}
          aria-label={`Select post: ${postShortName(post)}`}
          disabled={deleting}
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 id={headingId} className="min-w-0 text-lg leading-tight font-semibold break-words">
              {postTitle(post)}
            </h3>
            <PostStatusBadge status={post.status} />
            <ApprovalBadge state={post.approvalState} />
            {post.delayed && <DelayedBadge delay={post.delayed} />}
          </div>
          <p className="text-muted-foreground text-xs">
            {date.label} <LocalTime iso={date.iso} format={formatDateTime} />
          </p>
        </div>
      </div>

      {!expanded && (
        <p className="line-clamp-3 text-sm break-words whitespace-pre-wrap">
          {post.content || <span className="text-muted-foreground italic">No content</span>}
        </p>
      )}

      <PostMediaStrip media={post.media} />

      {(post.status === "draft" || post.status === "scheduled") && <PostDestinations post={post} />}

      {(published.length > 0 || failed.length > 0 || toCheck.length > 0) && (
        <dl className="grid gap-2 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
          {published.length > 0 && <PlatformList label="Published on" platforms={published} />}
          {failed.length > 0 && <PlatformList label="Failed on" platforms={failed} failed />}
          {toCheck.length > 0 && <PlatformList label="Needs your check on" platforms={toCheck} />}
        </dl>
      )}

      {post.delayed && <DelayedNote delay={post.delayed} />}

      {post.status === "failed" && post.failureReason && (
        <p className="text-destructive text-sm break-words">{post.failureReason}</p>
      )}

      {post.metrics && showsMetrics(post) && (
        <ul className="text-muted-foreground flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Totals">
          {post.metrics.views_sum === null ? (
            <li className="flex items-center gap-1.5">
              <Eye className="size-4" aria-hidden="true" />
              <UnavailableFigure />
            </li>
          ) : (
            <Total
              icon={Eye}
              value={post.metrics.views_sum}
              singular="view"
              note={partialViewsNote(post.metrics.views_unavailable)}
            />
          )}
          <Total icon={Heart} value={post.metrics.likes_sum} singular="like" />
          <Total icon={MessageCircle} value={post.metrics.comments_sum} singular="comment" />
        </ul>
      )}

      {expanded && <PostDetails post={post} id={detailsId} />}

      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {expanded ? "Less" : "More"}
        </Button>
        <div className="ml-auto flex flex-wrap gap-2">
          {(editable || (post.status === "scheduled" && post.approvalState === null)) && (
            // A scheduled post is edited in place: it keeps its time (the editor says 'Save changes').
            <Button asChild variant="outline" size="sm">
              <Link href={`/create-post?postId=${encodeURIComponent(post.id)}`}>
                <Pencil aria-hidden />
                Edit
              </Link>
            </Button>
          )}
          {!editable && post.status === "scheduled" && post.approvalState !== null && (
            // A post waiting for approval opens in the editor, where it is approved or changes asked.
            <Button asChild variant="outline" size="sm">
              <Link href={`/create-post?postId=${encodeURIComponent(post.id)}`}>
                <Pencil aria-hidden />
                Review
              </Link>
            </Button>
          )}
          {editable && (
            <Button
              type="button"
              size="sm"
              onClick={onPublish}
              disabled={publishing || deleting}
              aria-busy={publishing || undefined}
            >
              {publishing ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              {publishing ? "Publishing..." : "Publish"}
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
            disabled={deleting || publishing}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}

function PlatformList({
  label,
  platforms,
  failed = false,
}: {
  label: string;
  platforms: SocialPlatform[];
  failed?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <dt className={cn("text-xs font-medium", failed ? "text-destructive" : "text-muted-foreground")}>{label}</dt>
      {platforms.map((platform) => (
        <dd
          key={platform}
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs",
            failed && "border-destructive/50 text-destructive",
          )}
        >
          <PlatformIcon platform={platform} className="size-4 rounded-full [&_svg]:size-2.5" />
          {platformLabels[platform]}
        </dd>
      ))}
    </div>
  );
}

/** "1.2K views"; the exact figure on hover, with `note` (said to screen readers too) when the sum is partial. */
function Total({
  icon: Icon,
  value,
  singular,
  note,
}: {
  icon: LucideIcon;
  value: number;
  singular: string;
  note?: string | null;
}) {
  // The exact figure in the reader's language, which the server does not know: only once hydrated.
  const hydrated = useHydrated();
  const exact = `${value.toLocaleString()} ${value === 1 ? singular : `${singular}s`}`;
  return (
    <li
      className="flex items-center gap-1.5 tabular-nums"
      title={hydrated ? (note ? `${exact} (${note})` : exact) : (note ?? undefined)}
    >
      <Icon className="size-4" aria-hidden="true" />
      {formatCount(value, singular)}
      {note && (
        <>
          <span aria-hidden="true">*</span>
          <span className="sr-only">({note})</span>
        </>
      )}
    </li>
  );
}
