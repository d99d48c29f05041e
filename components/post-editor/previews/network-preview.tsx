"use client";

import { AlertTriangle, Sparkles } from "lucide-react";
import { PageAvatar } from "@/components/social/page-avatar";
import { feedText, firstLinkDomain, refusesText } from "@/lib/posts/network-limits";
import { countForPlatform } from "@/lib/posts/character-count";
import type { PostMediaItem } from "@/lib/posts/schemas";
import type { ConnectablePlatform } from "@/lib/social/platforms";
import { cn } from "@/lib/utils";
import { PreviewLinkCard, PreviewMediaGrid } from "./preview-media";

const NETWORK_NAMES: Record<ConnectablePlatform, string> = { facebook: "Facebook", twitter: "X", linkedin: "LinkedIn" };

export interface PreviewAuthor {
  name: string;
  username: string | null;
  picture: string | null;
  /** Other pages of this network the post also goes to. */
  others: number;
}

interface NetworkPreviewProps {
  platform: ConnectablePlatform;
  author: PreviewAuthor;
  content: string;
  media: readonly PostMediaItem[];
  summarizeForTwitter: boolean;
}

function byline(platform: ConnectablePlatform, author: PreviewAuthor): string {
  if (platform === "twitter") return author.username ? `@${author.username.replace(/^@/, "")} · now` : "now";
  if (platform === "linkedin") return "Now";
  return "Just now";
}

/** How one network's feed shows the post: who posts it, the text up to its "more" link, media or link card. */
export function NetworkPreview({ platform, author, content, media, summarizeForTwitter }: NetworkPreviewProps) {
  const network = NETWORK_NAMES[platform];
  const { shown, cut, moreLabel } = feedText(content, platform);
  const tooLong = refusesText(content, platform);
  const summarized = platform === "twitter" && tooLong && summarizeForTwitter;
  const domain = media.length === 0 ? firstLinkDomain(content) : null;
  const { count, limit } = countForPlatform(content, platform);

  return (
    <article aria-label={`${network} preview`} className="bg-card overflow-hidden rounded-xl border shadow-xs">
      <header className="flex items-center gap-2.5 px-3 pt-3">
        <PageAvatar
          name={author.name}
          src={author.picture}
          size="sm"
          shape={platform === "linkedin" ? "rounded" : "circle"}
        />
        <div className="min-w-0 flex-1 leading-tight">
          <p className="truncate text-sm font-semibold">{author.name}</p>
          <p className="text-muted-foreground truncate text-xs">{byline(platform, author)}</p>
        </div>
        <span className="text-muted-foreground shrink-0 text-xs font-medium">{network}</span>
      </header>

      <div className="grid gap-2 px-3 py-2.5">
        {summarized ? (
          <p className="text-primary flex items-start gap-1.5 text-xs font-medium" role="note">
            <Sparkles className="mt-px size-3.5 shrink-0" aria-hidden />
            Longer than X allows: X gets a summary of this text, written when it is published.
          </p>
        ) : (
          tooLong && (
            <p className="text-destructive flex items-start gap-1.5 text-xs font-medium" role="note">
              <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
              {network} will refuse this post ({count.toLocaleString("en-US")}/{limit.toLocaleString("en-US")}{" "}
              characters).
            </p>
          )
        )}
        {shown ? (
          <p
            data-feed-text
            className={cn("text-sm break-words whitespace-pre-wrap", summarized && "text-muted-foreground")}
          >
            {shown}
            {cut && moreLabel && (
              <>
                {platform === "facebook" ? "… " : platform === "linkedin" ? " " : "\n"}
                <span className="text-muted-foreground font-medium">{moreLabel}</span>
              </>
            )}
          </p>
        ) : (
          <p className="text-muted-foreground text-sm italic">Your text appears here.</p>
        )}
      </div>

      <PreviewMediaGrid media={media} className={platform === "twitter" ? "mx-3 mb-3 rounded-xl border" : undefined} />
      {domain && (
        <PreviewLinkCard
          domain={domain}
          className={platform === "twitter" ? "mx-3 mb-3 rounded-xl border" : undefined}
        />
      )}
      {author.others > 0 && (
        <p className="text-muted-foreground border-t px-3 py-1.5 text-xs">
          Also posted to {author.others} other {network} page{author.others === 1 ? "" : "s"}
        </p>
      )}
    </article>
  );
}
