import { PlatformIcon } from "@/components/social/platform-icon";
import { viewsUnavailableReason } from "@/lib/analytics/display";
import { abbreviateNumber } from "@/lib/format";
import type { PlatformMetrics, PostDto } from "@/lib/posts/schemas";
import { platformLabels, type SocialPlatform } from "@/lib/networks/platforms";
import { PageDetail } from "./page-detail";
import { formatEngagement, showsMetrics } from "./post-display";
import { UnavailableFigure } from "@/components/ui/unavailable-figure";

/** What More reveals: the full text, each page the post targets, and (once it went out) the analytics per platform. */
export function PostDetails({ post, id }: { post: PostDto; id: string }) {
  const analytics = Object.entries(post.metrics?.byPlatform ?? {}).filter(
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
              <PageDetail
                key={`${page.pageId ?? "page"}-${page.type}-${index}`}
                postId={post.id}
                page={page}
                linkLabel="View Post"
              />
            ))}
          </ul>
        )}
      </section>

      {showsMetrics(post) && (
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
                      <td className="px-3 py-2 text-right tabular-nums">
                        {metrics.views === null ? (
                          <UnavailableFigure reason={viewsUnavailableReason(platform)} />
                        ) : (
                          abbreviateNumber(metrics.views)
                        )}
                      </td>
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
      )}
    </div>
  );
}
