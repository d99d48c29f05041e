"use client";

import { Check, Undo2, Wand2 } from "lucide-react";
import { useId } from "react";
import { OfflineNotice } from "@/components/ai/offline-notice";
import { Button } from "@/components/ui/button";

interface EnhanceComparisonProps {
  original: string;
  enhanced: string;
  offline: boolean;
  onRevert: () => void;
  onKeep: () => void;
}

/** 'Original' vs 'Enhanced' after 'Enhance with AI'; the user keeps one of them. */
export function EnhanceComparison({ original, enhanced, offline, onRevert, onKeep }: EnhanceComparisonProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="bg-muted/30 grid gap-4 overflow-hidden rounded-lg border">
      <header className="flex items-start gap-2 border-b px-4 py-3">
        <Wand2 className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="grid gap-0.5">
          <h3 id={`${id}-title`} className="leading-tight font-semibold">
            AI enhancement
          </h3>
          <p className="text-muted-foreground text-xs">Compare the two versions, then keep the one you prefer.</p>
        </div>
      </header>
      {offline && <OfflineNotice className="-mt-4" />}
      <div className="grid gap-4 px-4 md:grid-cols-2">
        <Version id={`${id}-original`} title="Original" text={original} />
        <Version id={`${id}-enhanced`} title="Enhanced" text={enhanced} highlight />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t px-4 py-3">
        <Button type="button" variant="outline" onClick={onRevert}>
          <Undo2 aria-hidden />
          Revert to Original
        </Button>
        <Button type="button" onClick={onKeep}>
          <Check aria-hidden />
          Keep Enhanced
        </Button>
      </div>
    </section>
  );
}

function Version({
  id,
  title,
  text,
  highlight = false,
}: {
  id: string;
  title: string;
  text: string;
  highlight?: boolean;
}) {
  return (
    <figure className="grid min-w-0 content-start gap-1.5" aria-labelledby={id}>
      <figcaption id={id} className="flex items-center justify-between text-sm font-medium">
        {title}
        <span className="text-muted-foreground text-xs font-normal tabular-nums">{text.length} characters</span>
      </figcaption>
      <div
        className={
          highlight
            ? "border-primary/50 bg-background max-h-72 overflow-y-auto rounded-md border p-3 text-sm leading-relaxed break-words whitespace-pre-wrap"
            : "bg-background text-muted-foreground max-h-72 overflow-y-auto rounded-md border p-3 text-sm leading-relaxed break-words whitespace-pre-wrap"
        }
      >
        {text}
      </div>
    </figure>
  );
}
