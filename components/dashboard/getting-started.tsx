"use client";

import { CircleCheck, Circle, X } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useEffect, useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  adoptLegacyGettingStartedMarks,
  markGettingStarted,
  useGettingStartedMarks,
} from "@/lib/client/getting-started";
import type { GettingStartedMarks } from "@/lib/onboarding/getting-started-marks";
import { usePostTotals } from "@/lib/client/hooks/posts";
import type { PostCounts } from "@/lib/posts/schemas";
import { cn } from "@/lib/utils";

interface Step {
  id: "connect" | "write" | "schedule" | "analytics";
  title: string;
  hint: string;
  done: boolean;
  action: { label: string; href?: string; onClick?: () => void };
}

/**
 * The dashboard's first-run checklist. Its steps tick from real data: a connected page and the
 * post counts (the session, so the checklist is decided with the dashboard's first paint and
 * nothing below it moves when it appears), kept fresh by GET /api/post by status (the session is
 * loaded once, a post written since then still ticks its step), and Analytics opened once in
 * this browser. It goes away when every step is done or when dismissed
 * (lib/onboarding/getting-started-marks.ts says where that is kept).
 */
export function GettingStarted({
  userId,
  hasPages,
  postCounts,
  marksFromServer,
  onConnect,
}: {
  userId: string;
  hasPages: boolean;
  /** The session's counts, until the live ones below are in. */
  postCounts: PostCounts;
  /** The marks as the server read them for this page (the same cookie). */
  marksFromServer: GettingStartedMarks;
  onConnect: () => void;
}) {
  const headingId = useId();
  const marks = useGettingStartedMarks(userId, marksFromServer);
  useEffect(() => adoptLegacyGettingStartedMarks(userId), [userId]);
  const totals = usePostTotals();

  if (marks.dismissed) return null;

  const sessionTotal = Object.values(postCounts).reduce((sum, count) => sum + count, 0);
  const steps: Step[] = [
    {
      id: "connect",
      title: "Connect an account",
      hint: "A Facebook Page, an X profile or a LinkedIn profile.",
      done: hasPages,
      action: { label: "Connect", onClick: onConnect },
    },
    {
      id: "write",
      title: "Write a post",
      hint: "Start from a template or let the AI draft one.",
      done: (totals.all ?? sessionTotal) > 0,
      action: { label: "Write", href: "/create-post" },
    },
    {
      id: "schedule",
      title: "Schedule it",
      hint: "Pick a day and time; Postloom publishes it for you.",
      done: (totals.scheduled ?? postCounts.scheduled) + (totals.published ?? postCounts.published) > 0,
      action: { label: "Schedule", href: "/content" },
    },
    {
      id: "analytics",
      title: "See your analytics",
      hint: "Views, likes and the best times to post.",
      done: marks.analyticsSeen,
      action: { label: "Open Analytics", href: "/analytics" },
    },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  if (doneCount === steps.length) return null;

  return (
    <Card aria-labelledby={headingId} role="region" data-testid="getting-started">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-xl font-semibold">
            Getting started
          </h2>
        </CardTitle>
        <CardDescription>
          {doneCount} of {steps.length} done
        </CardDescription>
        <CardAction>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label="Dismiss getting started"
            onClick={() => markGettingStarted(userId, { dismissed: true })}
          >
            <X aria-hidden />
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <div
          className="bg-muted mb-4 h-1.5 overflow-hidden rounded-full"
          role="progressbar"
          aria-label="Getting started progress"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={doneCount}
        >
          <div className="bg-primary h-full transition-all" style={{ width: `${(doneCount / steps.length) * 100}%` }} />
        </div>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step) => (
            <li
              key={step.id}
              data-step={step.id}
              data-done={step.done}
              className={cn("flex gap-3 rounded-lg border p-3", step.done && "bg-muted/40")}
            >
              {step.done ? (
                <CircleCheck className="text-success mt-0.5 size-5 shrink-0" aria-hidden />
              ) : (
                <Circle className="text-muted-foreground mt-0.5 size-5 shrink-0" aria-hidden />
              )}
              <div className="grid min-w-0 flex-1 gap-1">
                <p className={cn("font-medium", step.done && "text-muted-foreground line-through")}>
                  {step.title}
                  <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
                </p>
                <p className="text-muted-foreground text-xs">{step.hint}</p>
                {!step.done && (
                  <div className="mt-1">
                    {step.action.href ? (
                      <Button asChild size="sm" variant="outline">
                        <Link href={step.action.href}>{step.action.label}</Link>
                      </Button>
                    ) : (
                      <Button type="button" size="sm" variant="outline" onClick={step.action.onClick}>
                        {step.action.label}
                      </Button>
                    )}
                  </div>
                )}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
