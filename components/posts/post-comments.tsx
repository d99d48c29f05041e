"use client";

import { formatDateAndTime } from "@/lib/format";
import dynamic from "next/dynamic";
import { useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { bodySegments, mentionToken } from "@/lib/activity/mentions";
import { COMMENT_MAX, type CommentDto, type MemberDto } from "@/lib/activity/schemas";
import { useAddComment, useComments, useDeleteComment, useMembers } from "@/lib/client/hooks/activity";
import { errorMessage } from "@/lib/client/http";
import { useSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { can } from "@/lib/workspaces/roles";

const ActivityPanel = dynamic(
  () => import("@/components/settings/activity-panel").then((module) => module.ActivityPanel),
  { ssr: false, loading: () => <Spinner className="size-5" aria-label="Loading history" /> },
);

const when = (iso: string) => formatDateAndTime(iso);

/** The `@word` being typed just before the caret, if any. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(text.slice(0, caret));
  return match ? { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() } : null;
}

const matches = (member: MemberDto, query: string) =>
  member.name.toLowerCase().includes(query) || member.email.split("@")[0]!.toLowerCase().startsWith(query);

/**
 * The comments of a saved post, under its editor: every member reads them, members who write
 * posts add them, each author deletes their own. Typing `@` offers the workspace's members; the
 * chosen one goes in as a `@[Name](id)` token (shown as a chip) and is e-mailed a link to the post.
 */
export function PostComments({ postId }: { postId: string }) {
  const { session } = useSession();
  const role = session.data?.workspace.role;
  const mayComment = !!role && can(role, "draft");
  const mayReadHistory = !!role && can(role, "manageMembers");
  const comments = useComments(postId);
  const members = useMembers(mayComment);
  const add = useAddComment(postId);
  const remove = useDeleteComment(postId);
  const [body, setBody] = useState("");
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [history, setHistory] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const myId = session.data?.user.id;

  const suggestions = mention
    ? (members.data ?? []).filter((member) => matches(member, mention.query)).slice(0, 6)
    : [];

  function track(text: string, caret: number) {
    setBody(text);
    setMention(mentionQuery(text, caret));
    setActive(0);
  }

  function choose(member: MemberDto) {
    if (!mention || !box.current) return;
    const caret = box.current.selectionStart;
    const token = `${mentionToken(member.name, member.id)} `;
    const next = body.slice(0, mention.start) + token + body.slice(caret);
    setBody(next);
    setMention(null);
    const at = mention.start + token.length;
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (suggestions.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (index + (event.key === "ArrowDown" ? 1 : -1) + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === "Escape") setMention(null);
  }

  async function submit() {
    try {
      await add.mutateAsync(body);
      setBody("");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to add the comment"));
    }
  }

  return (
    <section aria-labelledby="comments-heading" className="mx-auto mt-8 grid max-w-3xl gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="comments-heading" className="text-lg font-semibold">
          Comments
        </h2>
        {mayReadHistory && (
          <Button type="button" variant="outline" size="sm" onClick={() => setHistory((open) => !open)}>
            {history ? "Hide History" : "History"}
          </Button>
        )}
      </div>
      {history && <ActivityPanel postId={postId} />}
      {comments.isPending ? (
        <Spinner className="size-5" aria-label="Loading comments" />
      ) : comments.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(comments.error, "Failed to load the comments")}
        </p>
      ) : comments.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No comments yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Comments">
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              deleting={remove.isPending && remove.variables === comment.id}
              onDelete={
                comment.authorId === myId
                  ? () =>
                      remove.mutate(comment.id, {
                        onError: (error) => toast.error(errorMessage(error, "Failed to delete the comment")),
                      })
                  : undefined
              }
            />
          ))}
        </ol>
      )}
      {mayComment && (
        <form
          className="relative grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={`comment-${postId}`} className="text-sm font-medium">
            Add a comment
          </label>
          <Textarea
            ref={box}
            id={`comment-${postId}`}
            value={body}
            maxLength={COMMENT_MAX}
            rows={3}
            placeholder="Write a comment. Type @ to mention someone."
            aria-autocomplete="list"
            aria-controls={suggestions.length ? `mentions-${postId}` : undefined}
            onChange={(event) => track(event.target.value, event.target.selectionStart)}
            onKeyDown={onKeyDown}
          />
          {suggestions.length > 0 && (
            <ul
              id={`mentions-${postId}`}
              role="listbox"
              aria-label="Mention a member"
              className="bg-popover text-popover-foreground absolute top-full z-10 mt-1 grid w-64 rounded-md border p-1 shadow-md"
            >
              {suggestions.map((member, index) => (
                <li
                  key={member.id}
                  role="option"
                  aria-selected={index === active}
                  className={`cursor-pointer rounded px-2 py-1 text-sm ${index === active ? "bg-accent" : ""}`}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(member);
                  }}
                >
                  {member.name} <span className="text-muted-foreground text-xs">{member.email}</span>
                </li>
              ))}
            </ul>
          )}
          <Button type="submit" className="justify-self-start" disabled={add.isPending || body.trim() === ""}>
            {add.isPending ? "Posting..." : "Comment"}
          </Button>
        </form>
      )}
    </section>
  );
}

function CommentItem({
  comment,
  deleting,
  onDelete,
}: {
  comment: CommentDto;
  deleting: boolean;
  onDelete?: () => void;
}) {
  return (
    <li className="bg-card grid gap-1 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span>
          <strong>{comment.authorName}</strong>{" "}
          <span className="text-muted-foreground text-xs">
            <LocalTime iso={comment.createdAt} format={when} />
          </span>
        </span>
        {onDelete && (
          <Button type="button" variant="ghost" size="sm" disabled={deleting} onClick={onDelete}>
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        )}
      </div>
      <p className="break-words whitespace-pre-wrap">
        {bodySegments(comment.body).map((segment, index) =>
          segment.kind === "text" ? (
            segment.text
          ) : (
            <span key={index} className="bg-secondary text-secondary-foreground rounded px-1 font-medium">
              @{segment.name}
            </span>
          ),
        )}
      </p>
    </li>
  );
}
