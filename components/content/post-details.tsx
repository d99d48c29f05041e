import { ExternalLink } from "lucide-react";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Badge } from "@/components/ui/badge";
import { abbreviateNumber } from "@/lib/format";
import type { PlatformMetrics, PostDto, PostPageEntry } from "@/lib/posts/schemas";
import { platformLabels, type SocialPlatform } from "@/lib/social/schemas";
import { formatDateTime, formatEngagement, pageStatusLabel, safeExternalUrl } from "./post-display";

/** What More reveals: the full text, each page the post targets, and the analytics per platform. */
export function PostDetails({ post, id }: { post: PostDto; id: string }) {
  const analytics = Object.entries(post.metrics.byPlatform).filter(
    (entry): entry is [SocialPlatform, PlatformMetrics] => entry[1] !== undefined,
  );

  return (
    <div id={id} className="grid gap-5 border-t pt-4">
      <section className="grid gap-2">
        <h4 className="text-sm font-semibold">Full content</h4>
        <p className="text-sm break-words whitespace-pre-wrap">{post.content}</p>
      </section>

      <section className="grid gap-2">
        <h4 className="text-sm font-semibold">Pages</h4>
        {post.pages.length === 0 ? (
          <p className="text-muted-foreground text-sm">No pages selected for this post.</p>
        ) : (
          <ul className="grid gap-2">
            {post.pages.map((page, index) => (
              <PageDetail key={`${page.pageId ?? "page"}-${page.type}-${index}`} page={page} />
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-2">
        <h4 className="text-sm font-semibold">Analytics by platform</h4>
        {analytics.length === 0 ? (
          <p className="text-muted-foreground text-sm">No analytics yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full min-w-[28rem] text-sm">
              <thead className="bg-muted/50 text-muted-foreground text-left text-xs">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Platform
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Views
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Likes
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Comments
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Engagement
                  </th>
                </tr>
              </thead>
              <tbody>
                {analytics.map(([platform, metrics]) => (
                  <tr key={platform} className="border-t">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      <span className="flex items-center gap-2">
                        <PlatformIcon platform={platform} className="size-5 rounded [&_svg]:size-3" />
                        {platformLabels[platform]}
                      </span>
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{abbreviateNumber(metrics.views)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{abbreviateNumber(metrics.likes)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{abbreviateNumber(metrics.comments)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatEngagement(metrics.engagement_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function PageDetail({ page }: { page: PostPageEntry }) {
  const url = safeExternalUrl(page.platformPostUrl);
  const statusVariant = page.status === "published" ? "success" : page.status === "failed" ? "destructive" : "outline";
  return (
    <li className="bg-muted/30 grid gap-1.5 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <PlatformIcon platform={page.platform} className="size-6 rounded-md [&_svg]:size-3.5" />
        <span className="min-w-0 font-medium break-words">{page.pageName || "Unknown page"}</span>
        <span className="text-muted-foreground text-xs">{platformLabels[page.platform]}</span>
        {page.type === "share" && <Badge variant="outline">Share</Badge>}
        <Badge variant={statusVariant} className="ml-auto">
          {pageStatusLabel(page.status)}
        </Badge>
      </div>
      <div className="text-muted-foreground flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
        {page.publishedAt && (
          <span>
            Published <time dateTime={page.publishedAt}>{formatDateTime(page.publishedAt)}</time>
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
            View Post
            <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        )}
      </div>
      {page.error?.message && <p className="text-destructive text-xs break-words">Error: {page.error.message}</p>}
    </li>
  );
}
