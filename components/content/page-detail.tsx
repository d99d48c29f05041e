import { ExternalLink } from "lucide-react";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Badge } from "@/components/ui/badge";
import type { PostPageEntry } from "@/lib/posts/schemas";
import { platformLabels } from "@/lib/networks/platforms";
import { NeedsCheckActions } from "./needs-check-actions";
import { LocalTime, useLocalTime } from "@/components/ui/local-time";
import { formatDateTime, pageStatusLabel, safeExternalUrl } from "./post-display";

/**
 * One page of a post: platform, page, status, when it went out, its link, its error, whether it was
 * deleted on the platform, and for a page that needs the owner's check, their two answers.
 */
export function PageDetail({ postId, page, linkLabel }: { postId: string; page: PostPageEntry; linkLabel: string }) {
  // A post deleted on the platform has no page to link to; its last figures are kept.
  const url = page.removedAt ? null : safeExternalUrl(page.platformPostUrl);
  const removedAt = useLocalTime(page.removedAt, formatDateTime);
  const statusVariant =
    page.status === "published"
      ? "success"
      : page.status === "failed"
        ? "destructive"
        : page.status === "needs_check"
          ? "warning"
          : "outline";
  return (
    <li className="bg-muted/30 grid gap-1.5 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <PlatformIcon platform={page.platform} className="size-6 rounded-md [&_svg]:size-3.5" />
        <span className="min-w-0 font-medium break-words">{page.pageName || "Unknown page"}</span>
        <span className="text-muted-foreground text-xs">{platformLabels[page.platform]}</span>
        {page.type === "share" && <Badge variant="outline">Share</Badge>}
        {page.removedAt && (
          <Badge variant="warning" title={removedAt && `Found deleted ${removedAt}`}>
            Removed on {platformLabels[page.platform]}
          </Badge>
        )}
        <Badge variant={statusVariant} className="ml-auto">
          {pageStatusLabel(page.status)}
        </Badge>
      </div>
      <div className="text-muted-foreground flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
        {page.publishedAt && (
          <span>
            Published <LocalTime iso={page.publishedAt} format={formatDateTime} />
          </span>
        )}
        {url && (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            title="Opens in a new tab"
            className="text-primary focus-visible:ring-ring/60 inline-flex items-center gap-1 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
          >
            {linkLabel}
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        )}
      </div>
      {page.status === "needs_check" ? (
        <>
          {page.error?.message && (
            <p className="text-xs break-words text-amber-700 dark:text-amber-400">{page.error.message}</p>
          )}
          <NeedsCheckActions postId={postId} page={page} />
        </>
      ) : (
        page.error?.message &&
        (page.status === "failed" ? (
          <p className="text-destructive text-xs break-words">Error: {page.error.message}</p>
        ) : (
          // A page still pending with a message is waiting to retry (a rate limit, a temporary error).
          <p className="text-xs break-words text-amber-700 dark:text-amber-400">Retrying: {page.error.message}</p>
        ))
      )}
    </li>
  );
}
