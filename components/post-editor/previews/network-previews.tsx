"use client";

import { useDeferredValue, useMemo } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { PostMediaItem } from "@/lib/posts/schemas";
import { connectablePlatforms, type ConnectablePlatform } from "@/lib/networks/platforms";
import type { AccountGroup } from "@/lib/social/schemas";
import { cn } from "@/lib/utils";
import type { PreviewAuthor } from "@/components/networks";
import { NetworkPreview } from "./network-preview";

interface NetworkPreviewsProps {
  groups: readonly AccountGroup[];
  /** The pages chosen under Post As. */
  postPageIds: readonly string[];
  content: string;
  media: readonly PostMediaItem[];
  summarizeForTwitter: boolean;
  className?: string;
}

/** The first chosen page of each network (the preview's author), in the networks' usual order. */
function authorsByNetwork(groups: readonly AccountGroup[], postPageIds: readonly string[]) {
  const chosen = new Set(postPageIds);
  const authors = new Map<ConnectablePlatform, PreviewAuthor>();
  for (const page of groups.flatMap((group) => group.pages.map((item) => ({ ...item, group: group.platform })))) {
    const platform = page.platform ?? page.group;
    if (!chosen.has(page.id) || !(connectablePlatforms as readonly string[]).includes(platform)) continue;
    const network = platform as ConnectablePlatform;
    const known = authors.get(network);
    if (known) known.others += 1;
    else authors.set(network, { name: page.name, username: page.username, picture: page.profilePicture, others: 0 });
  }
  return connectablePlatforms.flatMap((platform) => {
    const author = authors.get(platform);
    return author ? [{ platform, author }] : [];
  });
}

/** 'Preview': the post as each chosen network's feed will show it, updated as the user types. */
export function NetworkPreviews({
  groups,
  postPageIds,
  content,
  media,
  summarizeForTwitter,
  className,
}: NetworkPreviewsProps) {
  const text = useDeferredValue(content);
  const networks = useMemo(() => authorsByNetwork(groups, postPageIds), [groups, postPageIds]);
  return (
    <Card role="region" aria-labelledby="network-previews-heading" className={cn("gap-4 py-5", className)}>
      <CardHeader className="px-5">
        <CardTitle className="text-base/6">
          <h2 id="network-previews-heading">Preview</h2>
        </CardTitle>
        <p className="text-muted-foreground text-sm">How the post will look in each feed.</p>
      </CardHeader>
      <CardContent className="grid gap-4 px-5">
        {networks.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            Choose a page under Post As to see the post as it will appear.
          </p>
        ) : (
          networks.map(({ platform, author }) => (
            <NetworkPreview
              key={platform}
              platform={platform}
              author={author}
              content={text}
              media={media}
              summarizeForTwitter={summarizeForTwitter}
            />
          ))
        )}
      </CardContent>
    </Card>
  );
}
