import { Link } from "@/components/ui/link";
import { Plus } from "lucide-react";
import { useId } from "react";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Button } from "@/components/ui/button";
import { platformLabels } from "@/lib/networks/platforms";
import { followersText } from "@/lib/social/followers";
import type { AccountGroup, ConnectedAccount } from "@/lib/social/schemas";
import { PageCard } from "./page-card";

/** The editor with every page of the group whose token works preselected (`?pageId=` repeated). */
function createPostHref(group: AccountGroup): string | null {
  const ids = group.pages.filter((page) => page.hasValidToken).map((page) => page.id);
  if (ids.length === 0) return null;
  return `/create-post?${ids.map((id) => `pageId=${encodeURIComponent(id)}`).join("&")}`;
}

/** One platform's pages, under a heading with the platform's totals and one 'Create Post' for them all. */
export function PlatformGroup({ group, accounts }: { group: AccountGroup; accounts: ConnectedAccount[] }) {
  const headingId = useId();
  const label = platformLabels[group.platform];
  const href = createPostHref(group);
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <PlatformIcon platform={group.platform} />
        <h3 id={headingId} className="text-lg font-semibold">
          {label}
        </h3>
        <p className="text-muted-foreground text-sm">
          {group.totalPages} {group.totalPages === 1 ? "page" : "pages"} · {followersText(group.totalFollowers)}
        </p>
        <div className="ml-auto">
          {href ? (
            <Button asChild size="sm">
              <Link href={href} aria-label={`Create Post on ${label}`}>
                <Plus aria-hidden />
                Create Post
              </Link>
            </Button>
          ) : (
            <Button
              type="button"
              size="sm"
              disabled
              aria-label={`Create Post on ${label}`}
              title="Refresh a token to post to these pages"
            >
              <Plus aria-hidden />
              Create Post
            </Button>
          )}
        </div>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {group.pages.map((page) => (
          <li key={page.id}>
            <PageCard page={page} account={accounts.find((account) => account.id === page.accountId)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
