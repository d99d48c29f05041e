import { useId } from "react";
import { PlatformIcon } from "@/components/social/platform-icon";
import { abbreviateNumber } from "@/lib/format";
import { platformLabels, type AccountGroup, type ConnectedAccount } from "@/lib/social/schemas";
import { PageCard } from "./page-card";

/** One platform's pages, under a heading with the platform's totals. */
export function PlatformGroup({ group, accounts }: { group: AccountGroup; accounts: ConnectedAccount[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <PlatformIcon platform={group.platform} />
        <h3 id={headingId} className="text-lg font-semibold">
          {platformLabels[group.platform]}
        </h3>
        <p className="text-muted-foreground text-sm">
          {group.totalPages} {group.totalPages === 1 ? "page" : "pages"} · {abbreviateNumber(group.totalFollowers)}{" "}
          {group.totalFollowers === 1 ? "follower" : "followers"}
        </p>
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
