"use client";

import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { COST_EXPLANATION } from "@/lib/billing/costs";
import type { SubscriptionUsage } from "@/lib/billing/schemas";
import { cn } from "@/lib/utils";

function Row({ label, value, strong }: { label: string; value: string | number; strong?: boolean }) {
  return (
    <div className={cn("flex justify-between gap-4 py-1", strong && "font-semibold")}>
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="tabular-nums">{typeof value === "number" ? value.toLocaleString("en-GB") : value}</dd>
    </div>
  );
}

/** Cost Breakdown (spec section 2): this period's estimated cost, with expandable details. */
export function CostBreakdownCard({ detailed }: { detailed: SubscriptionUsage["detailed"] }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { openai, database, costs } = detailed;
  return (
    <Card role="region" aria-labelledby="cost-breakdown-title">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="cost-breakdown-title" role="heading" aria-level={2}>
            Cost Breakdown
          </CardTitle>
          <p className="text-muted-foreground text-sm">
            Estimated cost this month: <span className="text-foreground font-semibold">{costs.total}</span>
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? "Hide details" : "Show details"}
          <ChevronDown className={cn("transition-transform", open && "rotate-180")} aria-hidden />
        </Button>
      </CardHeader>
      <CardContent id={detailsId} hidden={!open} className="grid gap-6 text-sm sm:grid-cols-3">
        <section aria-label="AI provider">
          <h3 className="mb-1 font-medium">AI provider</h3>
          <dl>
            <Row label="Requests" value={openai.requests} />
            <Row label="Tokens in" value={openai.inputTokens} />
            <Row label="Tokens out" value={openai.outputTokens} />
            <Row label="Cost" value={costs.openai} strong />
          </dl>
        </section>
        <section aria-label="Database">
          <h3 className="mb-1 font-medium">Database</h3>
          <dl>
            <Row label="Storage (GB)" value={database.storageGB} />
            <Row label="Posts" value={database.posts} />
            <Row label="AI Conversations" value={database.aiConversations} />
            <Row label="Media files" value={database.mediaFiles} />
            <Row label="Cost" value={costs.storage} strong />
          </dl>
        </section>
        <section aria-label="Totals">
          <h3 className="mb-1 font-medium">Totals</h3>
          <dl>
            <Row label="Infrastructure buffer" value={costs.overhead} />
            <Row label="Total" value={costs.total} strong />
          </dl>
          <p className="text-muted-foreground mt-2 text-xs">{COST_EXPLANATION}</p>
        </section>
      </CardContent>
    </Card>
  );
}
