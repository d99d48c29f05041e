"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { CalendarClock, ListPlus, Loader2, Save, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/client/toast";
import { announcePublishResult } from "@/components/content/publish-result";
import dynamic from "next/dynamic";
import type { SchedulePreview } from "@/components/schedule/schedule-post-dialog";
import { Button } from "@/components/ui/button";
import { errorMessage, HttpError } from "@/lib/client/http";
import { usePublishPost, useSchedulePost } from "@/lib/client/hooks/posts";
import { useAddPostToQueue } from "@/lib/client/hooks/queue";
import { useApprovalRole, useSubmitForApproval } from "@/lib/client/hooks/approvals";
import { APPROVAL_MESSAGES } from "@/lib/approvals/constants";
import type { PostDto } from "@/lib/posts/schemas";
import { SCHEDULE_MESSAGES } from "@/lib/schedule/time";
import type { NetworkRefusal } from "@/lib/posts/network-limits";
import { network } from "@/lib/networks";
import { DisabledHint } from "./disabled-hint";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import type { GuardedAction, LimitFix } from "./limit-warning-dialog";

// Both dialogs are chunks of their own, loaded when first opened (the editor's first load).
const SchedulePostDialog = dynamic(
  () => import("@/components/schedule/schedule-post-dialog").then((module) => module.SchedulePostDialog),
  { ssr: false },
);
const LimitWarningDialog = dynamic(() => import("./limit-warning-dialog").then((module) => module.LimitWarningDialog), {
  ssr: false,
});

/** Spec section 9: the user is sent to /content this long after publishing. */
const REDIRECT_AFTER_PUBLISH_MS = 2_000;

export interface SavedPost {
  post: PostDto;
  /** True when this save created the post (the editor's URL does not name it yet). */
  created: boolean;
}

/** Values a save uses instead of the editor's state: a fix from the limit warning, not rendered yet. */
export interface SaveOverrides {
  summarizeForTwitter?: boolean;
  postPageIds?: string[];
}

interface ActionButtonsProps {
  editing: boolean;
  /** The post being edited, if saved: its review decides whether it is scheduled or submitted. */
  post?: PostDto;
  saving: boolean;
  /** Why saving is impossible (a published post), or null. */
  saveBlockedReason: string | null;
  onSave: () => void;
  /** Saves the editor's current values without a toast; null when it could not (the editor said why). */
  saveForAction: (overrides?: SaveOverrides) => Promise<SavedPost | null>;
  /** The plan's post limit is reached (GET /api/subscription/check-limit said no). */
  limitReached: boolean;
  preview: SchedulePreview;
  /** Where the Schedule dialog starts: the post's own time, or one picked on the calendar; else the next quarter hour an hour away. */
  scheduleAt?: string | null;
  /** The chosen networks that would refuse the text: warned about before Publish Now, Schedule and Add to queue. */
  refusals: readonly NetworkRefusal[];
  /** Applies a fix from the warning and returns what the next save must use. */
  onLimitFix: (fix: LimitFix) => SaveOverrides;
  /** 'Edit the text' in the warning. */
  onEditText: () => void;
}

/**
 * 'Save Draft' / 'Update Draft', 'Schedule' (opens the Schedule Post modal), 'Add to queue' (the
 * next free slot of each page) and 'Publish Now'; for a post that needs approval, 'Submit for
 * approval' (the same modal: the time is part of what is approved) in place of the three.
 */
export function ActionButtons({
  editing,
  post,
  saving,
  saveBlockedReason,
  onSave,
  saveForAction,
  limitReached,
  preview,
  scheduleAt = null,
  refusals,
  onLimitFix,
  onEditText,
}: ActionButtonsProps) {
  const router = useRouter();
  const schedulePost = useSchedulePost();
  const publishPost = usePublishPost();
  const addToQueue = useAddPostToQueue();
  const submitForApproval = useSubmitForApproval();
  const { needsApproval, mayApprove } = useApprovalRole(post);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [queueing, setQueueing] = useState(false);
  const [warning, setWarning] = useState<GuardedAction | null>(null);
  const scheduleMounted = useOpenedOnce(scheduleOpen);
  const warningMounted = useOpenedOnce(warning !== null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveLabel = !editing ? "Save Draft" : post?.status === "scheduled" ? "Save changes" : "Update Draft";
  // Already waiting for approval: the dialog moves the time to approve, still in review.
  const submitLabel =
    post?.status === "scheduled" && post.approvalState === "in_review" ? "Change time" : "Submit for approval";
  const busy = saving || publishing || queueing || schedulePost.isPending || submitForApproval.isPending;
  // The queue schedules a post without review, so it is for those who publish (`mayApprove` is the
  // `publish` permission); only a draft goes to it.
  const mayQueue = mayApprove && !needsApproval && (!post || post.status === "draft");

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  /** After a failed action on a post this click created, the editor must edit that post from now on. */
  function keepEditing(saved: SavedPost) {
    if (saved.created) router.replace(`/create-post?postId=${encodeURIComponent(saved.post.id)}`, { scroll: false });
  }

  async function schedule(at: Date): Promise<string | void> {
    const saved = await saveForAction();
    if (!saved) return;
    try {
      if (needsApproval) {
        await submitForApproval.mutateAsync({ id: saved.post.id, scheduledAt: at.toISOString() });
        toast.success(APPROVAL_MESSAGES.submitted);
        setScheduleOpen(false);
        keepEditing(saved);
        return;
      }
      await schedulePost.mutateAsync({ id: saved.post.id, scheduledAt: at.toISOString() });
      toast.success(SCHEDULE_MESSAGES.scheduled);
      setScheduleOpen(false);
      router.push("/schedule");
    } catch (error) {
      const detail = errorMessage(error, "");
      toast.error(needsApproval ? "Failed to submit the post for approval" : SCHEDULE_MESSAGES.scheduleFailed, {
        description: detail || undefined,
      });
      keepEditing(saved);
      if (error instanceof HttpError && error.status === 400 && detail) return detail;
    }
  }

  /** Saves the draft as Schedule does, then puts it in the next free slot of each of its pages. */
  async function queue(overrides?: SaveOverrides) {
    setQueueing(true);
    const saved = await saveForAction(overrides);
    if (!saved) {
      setQueueing(false);
      return;
    }
    try {
      const { message } = await addToQueue.mutateAsync(saved.post.id);
      toast.success(message);
      router.push("/schedule?view=queue");
    } catch (error) {
      const detail = errorMessage(error, "");
      toast.error("Failed to add the post to the queue", { description: detail || undefined });
      keepEditing(saved);
      setQueueing(false);
    }
  }

  function run(action: GuardedAction, overrides?: SaveOverrides) {
    if (action === "publish") void publishNow(overrides);
    else if (action === "queue") void queue(overrides);
    else setScheduleOpen(true);
  }

  /** Publish Now, Schedule and Add to queue first warn when a chosen network would refuse the text. */
  function attempt(action: GuardedAction) {
    if (refusals.length > 0) setWarning(action);
    else run(action);
  }

  function applyFix(fix: LimitFix) {
    const action = warning;
    if (!action) return;
    const overrides = onLimitFix(fix);
    const fixed = (refusal: NetworkRefusal) =>
      fix.kind === "summarize" ? network(refusal.platform).summarizesLongText : refusal.platform === fix.platform;
    // With refusals left the dialog stays, listing the rest (the editor re-renders without the fixed one).
    if (refusals.every(fixed)) {
      setWarning(null);
      run(action, overrides);
    }
  }

  async function publishNow(overrides?: SaveOverrides) {
    setPublishing(true);
    const saved = await saveForAction(overrides);
    if (!saved) {
      setPublishing(false);
      return;
    }
    try {
      const { post } = await publishPost.mutateAsync(saved.post.id);
      announcePublishResult(post);
      redirectTimer.current = setTimeout(
        () => router.push(`/content?highlight=${encodeURIComponent(post.id)}`),
        REDIRECT_AFTER_PUBLISH_MS,
      );
    } catch (error) {
      toast.error(errorMessage(error, "Failed to publish post"));
      keepEditing(saved);
      setPublishing(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <DisabledHint hint={saveBlockedReason}>
        <Button type="button" variant="secondary" onClick={onSave} disabled={busy || Boolean(saveBlockedReason)}>
          <Save aria-hidden />
          {saving && !publishing && !queueing ? "Saving..." : saveLabel}
        </Button>
      </DisabledHint>
      <DisabledHint hint={saveBlockedReason}>
        <Button
          type="button"
          variant="outline"
          onClick={() => attempt("schedule")}
          disabled={busy || Boolean(saveBlockedReason)}
        >
          <CalendarClock aria-hidden />
          {needsApproval ? submitLabel : "Schedule"}
        </Button>
      </DisabledHint>
      {mayQueue && (
        <DisabledHint hint={saveBlockedReason}>
          <Button
            type="button"
            variant="outline"
            onClick={() => attempt("queue")}
            disabled={busy || Boolean(saveBlockedReason)}
            aria-busy={queueing || undefined}
          >
            {queueing ? <Loader2 className="animate-spin" aria-hidden /> : <ListPlus aria-hidden />}
            {queueing ? "Adding..." : "Add to queue"}
          </Button>
        </DisabledHint>
      )}
      {needsApproval ? null : limitReached ? (
        <div className="flex flex-col items-end gap-1">
          <Button type="button" disabled title="Your plan's post limit is reached">
            <Send aria-hidden />
            Limit Reached
          </Button>
          <Link href="/billing" className="text-primary text-xs font-medium underline-offset-4 hover:underline">
            Upgrade to publish more
          </Link>
        </div>
      ) : (
        <DisabledHint hint={saveBlockedReason}>
          <Button
            type="button"
            onClick={() => attempt("publish")}
            disabled={busy || Boolean(saveBlockedReason)}
            aria-busy={publishing || undefined}
          >
            {publishing ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {publishing ? "Publishing..." : "Publish Now"}
          </Button>
        </DisabledHint>
      )}

      {warningMounted && (
        <LimitWarningDialog
          action={warning}
          refusals={refusals}
          onFix={applyFix}
          onEdit={onEditText}
          onClose={() => setWarning(null)}
        />
      )}
      {scheduleMounted && (
        <SchedulePostDialog
          open={scheduleOpen}
          onOpenChange={setScheduleOpen}
          preview={preview}
          initial={scheduleAt ? new Date(scheduleAt) : null}
          onSchedule={schedule}
        />
      )}
    </div>
  );
}
