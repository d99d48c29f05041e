"use client";

import { formatDateAndTime } from "@/lib/format";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import type { ActivityEventDto, ActivityKind } from "@/lib/activity/schemas";
import { useActivity, useMembers } from "@/lib/client/hooks/activity";
import { errorMessage } from "@/lib/client/http";

const VERBS: Record<ActivityKind, string> = {
  post_created: "created the post",
  post_edited: "edited the post",
  post_submitted: "submitted for approval",
  post_approved: "approved",
  post_changes_requested: "requested changes to",
  review_link_created: "sent a review link to",
  review_link_revoked: "withdrew the review link of",
  post_scheduled: "scheduled",
  post_unscheduled: "unscheduled",
  post_published: "published",
  post_failed: "failed to publish",
  post_deleted: "deleted the post",
  account_connected: "connected the account",
  account_disconnected: "disconnected the account",
  member_invited: "invited",
  member_added: "added",
  member_removed: "removed",
  member_role_changed: "changed the role of",
  invitation_revoked: "revoked the invitation of",
  workspace_renamed: "renamed the workspace to",
  comment_added: "commented on",
};

const when = (iso: string) => formatDateAndTime(iso);

/**
 * Settings › Activity (owners and admins): who did what, newest first, by person and by post. With
 * `postId` it is one post's history (the comments panel's 'History').
 */
export function ActivityPanel({ postId }: { postId?: string }) {
  const [actor, setActor] = useState("");
  const [post, setPost] = useState<{ id: string; subject: string } | null>(null);
  const members = useMembers();
  const filters = { ...(actor ? { actor } : {}), ...((postId ?? post?.id) ? { post: postId ?? post!.id } : {}) };
  const activity = useActivity(filters);
  const events = activity.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section aria-labelledby={postId ? undefined : "activity-heading"} className="grid max-w-3xl gap-4">
      {!postId && (
        <div>
          <h2 id="activity-heading" className="text-xl font-semibold">
            Activity
          </h2>
          <p className="text-muted-foreground text-sm">Who did what in this workspace. Kept for 400 days.</p>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <NativeSelect
          id={postId ? `activity-person-${postId}` : "activity-person"}
          label="Person"
          value={actor}
          options={[
            { value: "", label: "Everyone" },
            ...(members.data ?? []).map((member) => ({ value: member.id, label: member.name })),
          ]}
          onChange={setActor}
        />
        {post && !postId && (
          <Button type="button" variant="outline" size="sm" onClick={() => setPost(null)}>
            Post: {post.subject} ✕
          </Button>
        )}
      </div>
      {activity.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="size-6" aria-label="Loading activity" />
        </div>
      ) : activity.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(activity.error, "Failed to load the activity")}
        </p>
      ) : events.length === 0 ? (
        <p className="text-muted-foreground py-6 text-sm">No activity yet.</p>
      ) : (
        <ol className="divide-border grid divide-y" aria-label="Activity">
          {events.map((event) => (
            <EventRow
              key={event.id}
              event={event}
              onPost={postId ? undefined : () => setPost({ id: event.postId!, subject: event.subject })}
            />
          ))}
        </ol>
      )}
      {activity.hasNextPage && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </section>
  );
}

function EventRow({ event, onPost }: { event: ActivityEventDto; onPost?: () => void }) {
  const subject = event.subject || "";
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
      <span>
        <strong>{event.actorLabel}</strong> {VERBS[event.kind] ?? event.kind}{" "}
        {event.postId && onPost ? (
          <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={onPost}>
            {subject}
          </button>
        ) : (
          <span className="font-medium">{subject}</span>
        )}
      </span>
      <span className="text-muted-foreground text-xs">
        <LocalTime iso={event.createdAt} format={when} />
      </span>
    </li>
  );
}
