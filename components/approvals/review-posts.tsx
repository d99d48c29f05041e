"use client";

import { Check, MessageSquareWarning } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { PreviewAuthor } from "@/components/networks";
import { NetworkPreview } from "@/components/post-editor/previews/network-preview";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { APPROVAL_LABELS } from "@/lib/approvals/constants";
import { APPROVAL_COMMENT_MAX } from "@/lib/approvals/limits";
import type { ReviewPageView, ReviewPostView, ReviewView } from "@/lib/approvals/review-links";
import { decideOnReview } from "@/lib/client/requests/approvals";
import { errorMessage, HttpError } from "@/lib/client/http";
import { toast } from "@/lib/client/toast";
import { formatInZone } from "@/lib/format";
import { connectablePlatforms, type ConnectablePlatform } from "@/lib/networks/platforms";

const STATUS_LABELS: Partial<Record<ReviewPostView["status"], string>> = {
  published: "Published",
  failed: "Not published",
  draft: "Back with the author",
};

function when(iso: string, timeZone: string): string {
  return formatInZone(iso, timeZone, { weekday: true });
}

/** The first page of each network is the preview's author; the rest are counted. */
function byNetwork(pages: readonly ReviewPageView[]): { platform: ConnectablePlatform; author: PreviewAuthor }[] {
  return connectablePlatforms.flatMap((platform) => {
    const mine = pages.filter((page) => page.platform === platform);
    const first = mine[0];
    return first
      ? [
          {
            platform,
            author: { name: first.name, username: first.username, picture: first.picture, others: mine.length - 1 },
          },
        ]
      : [];
  });
}

/**
 * The /review/{token} page's body: who asks, the reviewer's name and address (once, for every
 * decision), then each post as its networks will show it, with Approve and Request changes.
 */
export function ReviewPosts({ token, view }: { token: string; view: ReviewView }) {
  const [posts, setPosts] = useState(view.posts);
  const [name, setName] = useState(view.recipientName ?? "");
  const [email, setEmail] = useState(view.recipientEmail);
  const ids = { name: useId(), email: useId() };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base font-semibold">Who is reviewing</h2>
          </CardTitle>
          <p className="text-muted-foreground text-sm">
            Your decisions are recorded under this name and address and sent to {view.sentBy ?? "the team"}.
          </p>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Your name</Label>
            <Input
              id={ids.name}
              value={name}
              maxLength={100}
              autoComplete="name"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Your e-mail</Label>
            <Input
              id={ids.email}
              type="email"
              value={email}
              autoComplete="email"
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
        </CardContent>
      </Card>

      {posts.length === 0 ? (
        <p className="text-muted-foreground text-sm">The posts of this link were deleted.</p>
      ) : (
        posts.map((post, index) => (
          <ReviewPostCard
            key={post.id}
            token={token}
            post={post}
            number={index + 1}
            timeZone={view.timeZone}
            reviewer={{ name: name.trim(), email: email.trim() }}
            onDecided={(next) => setPosts((current) => current.map((item) => (item.id === next.id ? next : item)))}
          />
        ))
      )}
    </div>
  );
}

function ReviewPostCard({
  token,
  post,
  number,
  timeZone,
  reviewer,
  onDecided,
}: {
  token: string;
  post: ReviewPostView;
  number: number;
  timeZone: string;
  reviewer: { name: string; email: string };
  onDecided: (post: ReviewPostView) => void;
}) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const headingId = useId();
  const networks = byNetwork(post.pages);
  const statusLabel = STATUS_LABELS[post.status];
  const stateLabel = statusLabel ?? (post.approvalState ? APPROVAL_LABELS[post.approvalState] : null);
  const identified = reviewer.name !== "" && reviewer.email !== "";

  async function decide(decision: "approved" | "changes_requested") {
    if (!identified) {
      toast.error("Enter your name and e-mail above first.");
      return;
    }
    setBusy(true);
    try {
      const answer = await decideOnReview(token, {
        postId: post.id,
        version: post.version,
        decision,
        name: reviewer.name,
        email: reviewer.email,
        comment: decision === "changes_requested" ? comment.trim() : undefined,
      });
      toast.success(answer.message);
      setAsking(false);
      setComment("");
      onDecided(answer.data);
    } catch (error) {
      toast.error(errorMessage(error, "Could not send your decision. Please try again."));
      // Someone changed the post meanwhile: show the version there is now.
      if (error instanceof HttpError && error.code === "version_changed") router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="min-w-0 flex-1">
            <h2 id={headingId} className="text-lg font-semibold break-words">
              {post.title?.trim() || `Post ${number}`}
            </h2>
          </CardTitle>
          {stateLabel && <Badge variant="secondary">{stateLabel}</Badge>}
        </div>
        <p className="text-muted-foreground text-sm">
          {post.scheduledAt ? `Goes out ${when(post.scheduledAt, timeZone)}` : "No time set yet"}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          {networks.map(({ platform, author }) => (
            <NetworkPreview
              key={platform}
              platform={platform}
              author={author}
              content={post.content}
              media={post.media}
              summarizeForTwitter={post.summarizeForTwitter}
            />
          ))}
        </div>
        {post.shares && (
          <p className="text-muted-foreground text-sm">
            Also reshared by {post.shares.pages.map((page) => page.name).join(", ")}
            {post.shares.message ? ` with: "${post.shares.message}"` : "."}
          </p>
        )}
        {post.lastDecision && (
          <p className="text-sm" role="status">
            {post.lastDecision.decision === "approved" ? "Approved" : "Changes requested"} by {post.lastDecision.name}{" "}
            on {when(post.lastDecision.decidedAt, timeZone)}
            {post.lastDecision.comment ? `: ${post.lastDecision.comment}` : "."}
          </p>
        )}
        {asking ? (
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (comment.trim()) void decide("changes_requested");
            }}
          >
            <Label htmlFor={commentId}>What should change</Label>
            <Textarea
              id={commentId}
              value={comment}
              maxLength={APPROVAL_COMMENT_MAX}
              required
              onChange={(event) => setComment(event.target.value)}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setAsking(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || comment.trim() === ""}>
                {busy ? "Sending..." : "Send changes"}
              </Button>
            </div>
          </form>
        ) : (
          (post.decidable.approve || post.decidable.requestChanges) && (
            <div className="flex flex-wrap justify-end gap-2">
              {post.decidable.requestChanges && (
                <Button type="button" variant="outline" disabled={busy} onClick={() => setAsking(true)}>
                  <MessageSquareWarning aria-hidden />
                  Request changes
                </Button>
              )}
              {post.decidable.approve && (
                <Button type="button" disabled={busy} onClick={() => void decide("approved")}>
                  <Check aria-hidden />
                  {busy ? "Approving..." : "Approve"}
                </Button>
              )}
            </div>
          )
        )}
      </CardContent>
    </Card>
  );
}
