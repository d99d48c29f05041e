"use client";

import { ExternalLink } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/client/http";
import { useResolvePageCheck } from "@/lib/client/hooks/posts";
import type { PostPageEntry } from "@/lib/posts/schemas";
import { platformLabels } from "@/lib/networks/platforms";
import { networkOrNull } from "@/lib/networks";

/**
 * A page nothing could decide: a link to the profile, and the owner's two answers. 'It went out'
 * records it published (with the post's address, if pasted); 'Publish again' sends it once more.
 */
export function NeedsCheckActions({ postId, page }: { postId: string; page: PostPageEntry }) {
  const resolve = useResolvePageCheck(postId);
  const [postUrl, setPostUrl] = useState("");
  const inputId = useId();
  const label = platformLabels[page.platform];
  // Where the owner sees what went out on their profile.
  const activity = networkOrNull(page.platform)?.recentPostsUrl;
  if (!page.pageId) return null;
  const pageId = page.pageId;

  const answer = (action: "went_out" | "publish_again") =>
    resolve.mutate(
      {
        pageId,
        type: page.type,
        action,
        ...(action === "went_out" && postUrl.trim() ? { postUrl: postUrl.trim() } : {}),
      },
      {
        onSuccess: (response) => toast.success(response.message ?? "Saved"),
        onError: (error) => toast.error("Could not save your answer", { description: errorMessage(error, "") }),
      },
    );

  return (
    <div className="grid gap-2 pt-1">
      {activity && (
        <a
          href={activity}
          target="_blank"
          rel="noopener noreferrer"
          title="Opens in a new tab"
          className="text-primary inline-flex w-fit items-center gap-1 text-xs font-medium underline-offset-4 hover:underline"
        >
          Open your {label} activity
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      )}
      <div className="grid gap-1">
        <Label htmlFor={inputId} className="text-xs/4">
          Post URL (optional)
        </Label>
        <Input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://www.linkedin.com/feed/update/…"
          value={postUrl}
          onChange={(event) => setPostUrl(event.target.value)}
          className="h-8 text-xs"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={resolve.isPending} onClick={() => answer("went_out")}>
          It went out
        </Button>
        <Button size="sm" variant="outline" disabled={resolve.isPending} onClick={() => answer("publish_again")}>
          Publish again
        </Button>
      </div>
    </div>
  );
}
