"use client";

import { Lightbulb, Sparkles } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { SHARE_MESSAGE_MAX } from "@/lib/posts/constants";
import { cn } from "@/lib/utils";
import { DisabledHint } from "./disabled-hint";

export const SAVE_FIRST_HINT = "Save the post first";

interface ShareMessageSettingsProps {
  value: string;
  onChange: (value: string) => void;
  useAI: boolean;
  onUseAIChange: (value: boolean) => void;
  /** The post exists on the server (suggestions are generated from the saved post). */
  saved: boolean;
  hasContent: boolean;
  /** Asks the AI for a message from the saved post (POST /api/post/{id}/generate-share-message). */
  onGenerateSuggestion: () => void;
  generating?: boolean;
}

/** 'Share Message Settings': the message the Share As pages post along with the link to the original. */
export function ShareMessageSettings({
  value,
  onChange,
  useAI,
  onUseAIChange,
  saved,
  hasContent,
  onGenerateSuggestion,
  generating = false,
}: ShareMessageSettingsProps) {
  const id = useId();
  const hint = !saved ? SAVE_FIRST_HINT : !hasContent ? "Write some content first" : null;
  const over = value.length > SHARE_MESSAGE_MAX;

  return (
    <Card role="region" aria-labelledby={`${id}-heading`} className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="text-base/6">
          <h2 id={`${id}-heading`}>Share Message Settings</h2>
        </CardTitle>
        <p className="text-muted-foreground text-sm">What the Share As pages say when they reshare your post.</p>
      </CardHeader>
      <CardContent className="grid gap-4 px-5">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-ai`}>Generate share message with AI</Label>
          <Switch id={`${id}-ai`} checked={useAI} onCheckedChange={onUseAIChange} />
        </div>
        <p className="text-muted-foreground -mt-2 text-xs">
          {useAI
            ? "A message is written by AI when you publish; the message below is used if that is not possible."
            : "The message below is posted with each share."}
        </p>

        <div className="grid gap-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor={`${id}-message`}>Share message</Label>
            <span
              id={`${id}-count`}
              className={cn("text-xs tabular-nums", over ? "text-destructive font-medium" : "text-muted-foreground")}
            >
              {value.length}/{SHARE_MESSAGE_MAX}
            </span>
          </div>
          <Textarea
            id={`${id}-message`}
            value={value}
            maxLength={SHARE_MESSAGE_MAX}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={`${id}-count`}
            aria-invalid={over || undefined}
            rows={3}
          />
        </div>

        <DisabledHint hint={hint}>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={Boolean(hint) || generating}
            onClick={onGenerateSuggestion}
            className="w-fit"
          >
            <Sparkles aria-hidden />
            {generating ? "Generating..." : "Generate AI Suggestion"}
          </Button>
        </DisabledHint>

        <p className="bg-muted/60 text-muted-foreground flex items-start gap-2 rounded-md p-3 text-xs">
          <Lightbulb className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>Tip: links to the original posts are appended to the share message when publishing.</span>
        </p>
      </CardContent>
    </Card>
  );
}
