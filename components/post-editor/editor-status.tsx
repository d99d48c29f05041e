"use client";

import { ApprovalBadge } from "@/components/content/approval-badge";
import { PostStatusBadge } from "@/components/content/post-status-badge";
import type { PostDto } from "@/lib/posts/schemas";
import { PostTime } from "./post-time";

/** The editor's 'Status' line: the post's status and review, and for a scheduled post its time. */
export function EditorStatus({ post }: { post: PostDto }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Status</span>
      <PostStatusBadge status={post.status} />
      <ApprovalBadge state={post.approvalState} />
      {post.status === "scheduled" && post.scheduledAt && (
        <span className="text-muted-foreground">
          {post.approvalState ? "Time to approve:" : "Goes out"} <PostTime iso={post.scheduledAt} />
        </span>
      )}
    </p>
  );
}
