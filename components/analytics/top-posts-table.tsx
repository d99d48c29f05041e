import { FileText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { PlatformIcon } from "@/components/social/platform-icon";
import { LocalTime } from "@/components/ui/local-time";
import { formatPercent } from "@/lib/analytics/display";
import type { TopPost } from "@/lib/analytics/schemas";
import { abbreviateNumber, dateTimeFormat } from "@/lib/format";
import { platformLabels } from "@/lib/networks/platforms";
import { UnavailableFigure } from "@/components/ui/unavailable-figure";
import { EmptyState } from "./empty-state";

/** The day a post went out, in the reader's zone and language. */
const mediumDate = (iso: string) => dateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(iso));

const numberCell = "px-3 py-2 text-right tabular-nums";

/** 'Top Performing Posts': the range's top 10 by views (spec section 2), scrolling sideways on a phone. */
export function TopPostsTable({ posts }: { posts: TopPost[] }) {
  if (posts.length === 0)
    return (
      <EmptyState
        icon={FileText}
        title="No Posts Yet"
        text="Posts you publish in this period are ranked here by their views."
      />
    );
  return (
    <div className="relative -mx-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Top Performing Posts table">
      <table className="w-full min-w-[44rem] text-sm">
        <thead className="text-muted-foreground text-left text-xs uppercase">
          <tr className="border-b">
            <th scope="col" className="px-3 py-2">
              #
            </th>
            <th scope="col" className="px-3 py-2">
              Content
            </th>
            <th scope="col" className="px-3 py-2">
              Published
            </th>
            <th scope="col" className="px-3 py-2">
              Platforms
            </th>
            <th scope="col" className={numberCell}>
              Views
            </th>
            <th scope="col" className={numberCell}>
              Likes
            </th>
            <th scope="col" className={numberCell}>
              Shares
            </th>
            <th scope="col" className={numberCell}>
              Comments
            </th>
            <th scope="col" className={numberCell}>
              Engagement
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post, index) => (
            <tr key={post._id} className="border-b last:border-0">
              <td className="text-muted-foreground px-3 py-2 font-semibold tabular-nums">{index + 1}</td>
              <td className="max-w-72 px-3 py-2">
                <p className="line-clamp-2 break-words" title={post.content}>
                  {post.content || "Untitled Post"}
                </p>
                {post.removedOn.length > 0 && (
                  <Badge variant="warning" className="mt-1">
                    Removed on {post.removedOn.map((p) => platformLabels[p]).join(", ")}
                  </Badge>
                )}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {post.publishedAt ? <LocalTime iso={post.publishedAt} format={mediumDate} /> : "—"}
              </td>
              <td className="px-3 py-2">
                <ul className="flex gap-1" aria-label="Platforms">
                  {post.platforms.map((platform) => (
                    <li key={platform} title={platformLabels[platform]}>
                      <PlatformIcon platform={platform} className="size-6" />
                      <span className="sr-only">{platformLabels[platform]}</span>
                    </li>
                  ))}
                </ul>
              </td>
              <td className={numberCell}>
                {post.metrics.views === null ? <UnavailableFigure /> : abbreviateNumber(post.metrics.views)}
              </td>
              <td className={numberCell}>{abbreviateNumber(post.metrics.likes)}</td>
              <td className={numberCell}>{abbreviateNumber(post.metrics.shares)}</td>
              <td className={numberCell}>{abbreviateNumber(post.metrics.comments)}</td>
              <td className={numberCell}>
                {post.metrics.engagementRate === null ? "—" : formatPercent(post.metrics.engagementRate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
