"use client";

import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

interface SummarizeForXProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The text is over X's 280 weighted characters now. */
  overLimit: boolean;
}

/** 'Summarize for X' (the post's `summarizeForTwitter`): shown while an X page is chosen under Post As. */
export function SummarizeForX({ checked, onCheckedChange, overLimit }: SummarizeForXProps) {
  const id = useId();
  return (
    <div className="bg-muted/40 grid gap-1 rounded-lg border px-3 py-2.5">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>Summarize for X</Label>
        <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={`${id}-hint`} />
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {checked
          ? "When the post is longer than X's 280 characters, X gets a summary written when it is published; the other networks get the full text."
          : overLimit
            ? "This post is too long for X. Turn this on to post a summary there, or shorten the text."
            : "Posts longer than X's 280 characters are refused by X unless this is on."}
      </p>
    </div>
  );
}
