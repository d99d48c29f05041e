"use client";

import { AlertTriangle, Sparkles } from "lucide-react";
import { networkPreview, type PreviewAuthor } from "@/components/networks";
import { PageAvatar } from "@/components/social/page-avatar";
import { network } from "@/lib/networks";
import { countForPlatform, feedText, firstLinkDomain, refusesText } from "@/lib/networks/text";
import type { PostMediaItem } from "@/lib/posts/schemas";
import type { ConnectablePlatform } from "@/lib/networks/platforms";
import { cn } from "@/lib/utils";
import { PreviewLinkCard, PreviewMediaGrid } from "./preview-media";

interface NetworkPreviewProps {
  platform: ConnectablePlatform;
  author: PreviewAuthor;
  content: string;
  media: readonly PostMediaItem[];
  summarizeForTwitter: boolean;
}

/** How one network's feed shows the post: who posts it, the text up to its "more" link, media or link card. */
export function NetworkPreview({ platform, author, content, media, summarizeForTwitter }: NetworkPreviewProps) {
  const name = network(platform).shortLabel;
  const style = networkPreview(platform);
  const { shown, cut, moreLabel } = feedText(content, platform);
  const tooLong = refusesText(content, platform);
  const summarized = network(platform).summarizesLongText && tooLong && summarizeForTwitter;
  const mediaFrame = style.framedMedia ? "mx-3 mb-3 rounded-xl border" : undefined;
  const domain = media.length === 0 ? firstLinkDomain(content) : null;
  const { count, limit } = countForPlatform(content, platform);

  return (
    <article aria-label={`${name} preview`} className="bg-card overflow-hidden rounded-xl border shadow-xs">
      <header className="flex items-center gap-2.5 px-3 pt-3">
        <PageAvatar name={author.name} src={author.picture} size="sm" shape={style.avatarShape} />
        <div className="min-w-0 flex-1 leading-tight">
          <p className="truncate text-sm font-semibold">{author.name}</p>
          <p className="text-muted-foreground truncate text-xs">{style.byline(author)}</p>
        </div>
        <span className="text-muted-foreground shrink-0 text-xs font-medium">{name}</span>
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
              {name} will refuse this post ({count.toLocaleString("en-US")}/{limit.toLocaleString("en-US")} characters).
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
                {style.moreSeparator}
                <span className="text-muted-foreground font-medium">{moreLabel}</span>
              </>
            )}
          </p>
        ) : (
          <p className="text-muted-foreground text-sm italic">Your text appears here.</p>
        )}
      </div>

      <PreviewMediaGrid media={media} className={mediaFrame} />
      {domain && <PreviewLinkCard domain={domain} className={mediaFrame} />}
      {author.others > 0 && (
        <p className="text-muted-foreground border-t px-3 py-1.5 text-xs">
          Also posted to {author.others} other {name} page{author.others === 1 ? "" : "s"}
        </p>
      )}
    </article>
  );
}
