"use client";

import { formatDateAndTime } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { Spinner } from "@/components/ui/spinner";
import { REVIEW_MESSAGES, type ReviewLinkState, type ReviewLinkSummary } from "@/lib/approvals/review-links";
import { useReviewLinks, useRevokeReviewLink } from "@/lib/client/hooks/approvals";
import { errorMessage } from "@/lib/client/http";
import { useSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { can } from "@/lib/workspaces/roles";

const formatDate = (iso: string) => formatDateAndTime(iso, "en-GB");

const STATE_BADGES: Record<Exclude<ReviewLinkState, "active">, string> = { expired: "Expired", revoked: "Withdrawn" };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Settings › Preferences, for approvers: the review links sent to people outside the workspace,
 * what came of them, and 'Withdraw' to end one at once.
 */
export function ReviewLinksPanel() {
  const { session } = useSession();
  const mayApprove = session.data ? can(session.data.workspace.role, "publish") : false;
  const links = useReviewLinks(mayApprove);
  const revoke = useRevokeReviewLink();
  if (!mayApprove) return null;

  async function withdraw(link: ReviewLinkSummary) {
    try {
      await revoke.mutateAsync(link.id);
      toast.success(REVIEW_MESSAGES.revokedDone);
    } catch (error) {
      toast.error(errorMessage(error, "Could not withdraw the review link. Please try again."));
    }
  }

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">Client review links</h3>
        </CardTitle>
        <CardDescription>
          Links sent with “Send for client review” from posts in review. Whoever holds one sees only its posts until it
          expires or is withdrawn.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <p className="text-muted-foreground flex items-center gap-2 text-sm">
            <Spinner /> Loading review links...
          </p>
        ) : links.isError ? (
          <p className="text-destructive text-sm" role="alert">
            {errorMessage(links.error, "Failed to load the review links")}
          </p>
        ) : links.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No review links yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Client review links">
            {links.data.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <span className="font-medium break-all">
                  {link.recipientName ? `${link.recipientName} (${link.recipientEmail})` : link.recipientEmail}
                </span>
                <span className="text-muted-foreground">
                  {plural(link.postCount, "post")} · {plural(link.decisionCount, "decision")}
                </span>
                {link.state === "active" ? (
                  <span className="text-muted-foreground">
                    Works until <LocalTime iso={link.expiresAt} format={formatDate} />
                  </span>
                ) : (
                  <Badge variant="secondary">{STATE_BADGES[link.state]}</Badge>
                )}
                {link.state === "active" && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="ml-auto"
                    disabled={revoke.isPending}
                    aria-label={`Withdraw the review link sent to ${link.recipientEmail}`}
                    onClick={() => void withdraw(link)}
                  >
                    Withdraw
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
