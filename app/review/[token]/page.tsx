import type { Metadata } from "next";
import { FormError } from "@/components/auth/form-error";
import { ReviewPosts } from "@/components/approvals/review-posts";
import { REVIEW_MESSAGES } from "@/lib/approvals/review-links";
import { openReviewLink } from "@/lib/approvals/server/review-links";
import { reviewView } from "@/lib/approvals/server/review-view";
import { formatInZone } from "@/lib/format";

// The token is in this page's URL: no Referer may carry it to another site, no search engine may keep it.
export const metadata: Metadata = {
  title: "Review posts",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

/**
 * A client's review link (docs/decisions/0062-client-review-links.md): no account, no session; the
 * signed link shows its posts and nothing else of the workspace.
 */
export default async function ReviewPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const opened = await openReviewLink(token);

  if (opened.state !== "active")
    return (
      <Main>
        <h1 className="text-2xl font-semibold">Review posts</h1>
        <FormError message={REVIEW_MESSAGES[opened.state]} />
      </Main>
    );

  const view = await reviewView(token, opened.link);
  const count = view.posts.length;
  return (
    <Main>
      <header className="grid gap-1">
        <p className="text-muted-foreground text-sm font-medium">Postloom · {view.workspaceName}</p>
        <h1 className="text-2xl font-semibold">{count === 1 ? "Review a post" : `Review ${count} posts`}</h1>
        <p className="text-muted-foreground text-sm">
          {view.sentBy ?? "The team"} asks you to review {count === 1 ? "this post" : "these posts"} before{" "}
          {count === 1 ? "it goes" : "they go"} out. Nothing is published without approval; a post changed after you
          approve it comes back for review. This link works until {formatInZone(view.expiresAt, view.timeZone)}.
        </p>
      </header>
      <ReviewPosts token={token} view={view} />
    </Main>
  );
}

function Main({ children }: { children: React.ReactNode }) {
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10 outline-none">
      {children}
    </main>
  );
}
