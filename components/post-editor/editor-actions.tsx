"use client";

import Link from "next/link";
import { CalendarClock, Save, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DisabledHint } from "./disabled-hint";

export const PUBLISHING_HINT = "Scheduling arrives with the publishing engine";

interface EditorActionsProps {
  editing: boolean;
  saving: boolean;
  /** Why saving is impossible (a published post), or null. */
  saveBlockedReason: string | null;
  onSave: () => void;
  /** The plan's post limit is reached (GET /api/subscription/check-limit said no). */
  limitReached: boolean;
}

/** 'Save Draft' / 'Update Draft', 'Schedule' and 'Publish Now' (the last two wired by the publishing engine). */
export function EditorActions({ editing, saving, saveBlockedReason, onSave, limitReached }: EditorActionsProps) {
  const saveLabel = editing ? "Update Draft" : "Save Draft";
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <DisabledHint hint={saveBlockedReason}>
        <Button type="button" variant="secondary" onClick={onSave} disabled={saving || Boolean(saveBlockedReason)}>
          <Save aria-hidden />
          {saving ? "Saving..." : saveLabel}
        </Button>
      </DisabledHint>
      <DisabledHint hint={PUBLISHING_HINT}>
        <Button type="button" variant="outline" disabled title={PUBLISHING_HINT}>
          <CalendarClock aria-hidden />
          Schedule
        </Button>
      </DisabledHint>
      {limitReached ? (
        <div className="flex flex-col items-end gap-1">
          <Button type="button" disabled title="Your plan's post limit is reached">
            <Send aria-hidden />
            Limit Reached
          </Button>
          <Link href="/billing" className="text-primary text-xs font-medium underline-offset-4 hover:underline">
            Upgrade to publish more
          </Link>
        </div>
      ) : (
        <DisabledHint hint={PUBLISHING_HINT}>
          <Button type="button" disabled title={PUBLISHING_HINT}>
            <Send aria-hidden />
            Publish Now
          </Button>
        </DisabledHint>
      )}
    </div>
  );
}
