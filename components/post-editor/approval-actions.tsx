"use client";

import { Check, MessageSquareWarning, Send } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { APPROVAL_MESSAGES } from "@/lib/approvals/constants";
import { useApprovePost, useRequestChanges } from "@/lib/client/hooks/approvals";
import { errorMessage } from "@/lib/client/http";
import { toast } from "@/lib/client/toast";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { PostDto } from "@/lib/posts/schemas";

const RequestChangesDialog = dynamic(
  () => import("./request-changes-dialog").then((module) => module.RequestChangesDialog),
  { ssr: false },
);

const SendReviewLinkDialog = dynamic(
  () => import("@/components/approvals/send-review-link-dialog").then((module) => module.SendReviewLinkDialog),
  { ssr: false },
);

/**
 * An approver's 'Approve' and 'Request changes' on a post in review, waiting for its time, and
 * 'Send for client review' to have someone outside the workspace decide.
 */
export function ApprovalActions({ post }: { post: PostDto }) {
  const approve = useApprovePost();
  const requestChanges = useRequestChanges();
  const [asking, setAsking] = useState(false);
  const dialogMounted = useOpenedOnce(asking);
  const [sharing, setSharing] = useState(false);
  const shareMounted = useOpenedOnce(sharing);
  if (post.approvalState !== "in_review" || post.status !== "scheduled") return null;

  async function approveIt() {
    try {
      await approve.mutateAsync(post.id);
      toast.success(APPROVAL_MESSAGES.approved);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to approve the post"));
    }
  }

  async function send(comment: string) {
    try {
      await requestChanges.mutateAsync({ id: post.id, comment });
      toast.success(APPROVAL_MESSAGES.changesRequested);
      setAsking(false);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to request changes"));
    }
  }

  const busy = approve.isPending || requestChanges.isPending;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Button type="button" variant="outline" disabled={busy} onClick={() => setSharing(true)}>
        <Send aria-hidden />
        Send for client review
      </Button>
      <Button type="button" variant="outline" disabled={busy} onClick={() => setAsking(true)}>
        <MessageSquareWarning aria-hidden />
        Request changes
      </Button>
      <Button type="button" disabled={busy} onClick={() => void approveIt()}>
        <Check aria-hidden />
        {approve.isPending ? "Approving..." : "Approve"}
      </Button>
      {dialogMounted && (
        <RequestChangesDialog
          open={asking}
          onOpenChange={setAsking}
          pending={requestChanges.isPending}
          onSend={(comment) => void send(comment)}
        />
      )}
      {shareMounted && <SendReviewLinkDialog open={sharing} onOpenChange={setSharing} postIds={[post.id]} />}
    </div>
  );
}
