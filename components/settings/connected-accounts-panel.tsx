"use client";

import { AlertCircle, Plus, Share2 } from "lucide-react";
import { useState } from "react";
import { platformGlyphs } from "@/components/social/brand-glyphs";
import { LazyConnectAccountDialog } from "@/components/social/lazy-connect-account-dialog";
import { BrandIcon } from "@/components/ui/brand-icon";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useConnectedAccounts, useReloadAccounts } from "@/lib/client/hooks/social";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { platformLabels, type SocialPlatform } from "@/lib/networks/platforms";
import { cn } from "@/lib/utils";
import { AccountCard } from "./account-card";
import { accountCards } from "./account-status";

type Filter = "all" | Extract<SocialPlatform, "facebook" | "twitter" | "linkedin" | "instagram">;

const filters: { value: Filter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "facebook", label: "Facebook" },
  { value: "twitter", label: "Twitter" },
  { value: "linkedin", label: "LinkedIn" },
  { value: "instagram", label: "Instagram" },
];

/** Settings → Connected Accounts: every account, filterable by platform, with connect and manage actions. */
export function ConnectedAccountsPanel() {
  const accounts = useConnectedAccounts();
  const reloadAccounts = useReloadAccounts();
  const [filter, setFilter] = useState<Filter>("all");
  const [connectOpen, setConnectOpen] = useState(false);
  const connectMounted = useOpenedOnce(connectOpen);

  function handleConnectOpenChange(open: boolean) {
    setConnectOpen(open);
    // The user may have connected something in another tab meanwhile: refresh both caches.
    if (!open) void reloadAccounts();
  }

  const list = accounts.data ?? [];
  // A card per Page of a Facebook login: the filters count what they show.
  const cards = accountCards(list);
  const count = (value: Filter) =>
    value === "all" ? cards.length : cards.filter((card) => card.account.platform === value).length;
  const visible = filter === "all" ? cards : cards.filter((card) => card.account.platform === filter);
  const noAccounts = accounts.isSuccess && list.length === 0;

  return (
    <section aria-labelledby="connected-accounts-heading" className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="connected-accounts-heading" className="text-xl font-semibold">
            Connected Accounts
          </h2>
          <p className="text-muted-foreground text-sm">Manage the social accounts Postloom publishes to.</p>
        </div>
        {!noAccounts && (
          <Button type="button" onClick={() => setConnectOpen(true)}>
            <Plus aria-hidden />
            Connect Account
          </Button>
        )}
      </div>

      <div role="group" aria-label="Filter by platform" className="flex flex-wrap gap-2">
        {filters.map(({ value, label }) => {
          const active = filter === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              onClick={() => setFilter(value)}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors outline-none",
                "focus-visible:border-ring focus-visible:ring-ring/60 focus-visible:ring-[3px]",
                active ? "bg-primary text-primary-foreground border-primary" : "bg-card hover:bg-accent",
              )}
            >
              {value !== "all" && <BrandIcon icon={platformGlyphs[value]} className="size-3.5" />}
              {label} ({count(value)})
            </button>
          );
        })}
      </div>

      {accounts.isPending ? (
        <AccountsSkeleton />
      ) : accounts.isError ? (
        <div
          role="alert"
          className="border-destructive/50 bg-destructive/10 text-destructive flex flex-wrap items-center gap-3 rounded-lg border p-4 text-sm"
        >
          <AlertCircle className="size-4 shrink-0" aria-hidden />
          <span className="flex-1 font-medium">Failed to load accounts</span>
          <Button type="button" size="sm" variant="outline" onClick={() => void accounts.refetch()}>
            Try Again
          </Button>
        </div>
      ) : noAccounts ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
          <span className="bg-primary/15 text-primary grid size-12 place-items-center rounded-full" aria-hidden="true">
            <Share2 className="size-6" />
          </span>
          <h3 className="text-lg font-semibold">No Connected Accounts</h3>
          <p className="text-muted-foreground max-w-md text-sm">
            Connect a Facebook Page, an X (Twitter) profile or a LinkedIn profile to start publishing.
          </p>
          <Button type="button" onClick={() => setConnectOpen(true)}>
            <Plus aria-hidden />
            Connect Account
          </Button>
        </div>
      ) : visible.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
          <h3 className="text-lg font-semibold">
            No {filter === "all" ? "" : `${platformLabels[filter]} `}accounts connected
          </h3>
          <p className="text-muted-foreground text-sm">Connect one, or look at all your accounts.</p>
          <Button type="button" variant="outline" onClick={() => setFilter("all")}>
            Show All Accounts
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((card) => (
            <li key={card.key}>
              <AccountCard account={card.account} page={card.page} readAt={accounts.dataUpdatedAt} />
            </li>
          ))}
        </ul>
      )}

      {connectMounted && <LazyConnectAccountDialog open={connectOpen} onOpenChange={handleConnectOpenChange} />}
    </section>
  );
}

function AccountsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
      <span className="sr-only">Loading accounts</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="grid gap-4 rounded-lg border p-4">
          <div className="flex gap-3">
            <Skeleton className="size-12 rounded-lg" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-10 w-full" />
          <div className="flex gap-2">
            <Skeleton className="h-8 w-24" />
            <Skeleton className="h-8 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
