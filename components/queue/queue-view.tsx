"use client";

import dynamic from "next/dynamic";
import { ListOrdered } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { InlineMessage } from "@/components/media/inline-message";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { NativeSelect } from "@/components/ui/native-select";
import { useQueues } from "@/lib/client/hooks/queue";
import { errorMessage } from "@/lib/client/http";
import { useSession } from "@/lib/client/session";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { can } from "@/lib/workspaces/roles";
import { PageQueueCard } from "./page-queue-card";
import { QueueSkeleton } from "./queue-skeleton";

// A chunk of its own, loaded when first opened: the time zone list and the slot grid are not
// needed to read the queue.
const SlotEditorDialog = dynamic(() => import("./slot-editor-dialog").then((module) => module.SlotEditorDialog), {
  ssr: false,
});

const DAY_CHOICES = [
  { value: "7", label: "Next 7 days" },
  { value: "14", label: "Next 14 days" },
] as const;

/** Schedule › Queue: each connected page's posting slots for the next days, and the posts in them. */
export function QueueView() {
  const { session } = useSession();
  // Called only so this chunk needs next/navigation, as the top bar does: without it Turbopack put
  // the modules the two share in a chunk of their own without it, which the landing page then
  // loaded besides the top bar's (10 KiB over its budget in scripts/check-bundle-budget.ts).
  useRouter();
  const [days, setDays] = useState(7);
  const [editingPageId, setEditingPageId] = useState<string | null>(null);
  const queues = useQueues(days);
  const editorMounted = useOpenedOnce(editingPageId !== null);
  const workspace = session.data?.workspace;
  const mayEdit = workspace ? can(workspace.role, "publish") : false;
  const editing = queues.data?.find((queue) => queue.pageId === editingPageId) ?? null;

  if (queues.isPending) return <QueueSkeleton />;
  if (queues.isError)
    return (
      <div className="grid justify-items-start gap-3">
        <InlineMessage tone="error">{errorMessage(queues.error, "Failed to load the queue")}</InlineMessage>
        <Button type="button" variant="outline" onClick={() => void queues.refetch()}>
          Try Again
        </Button>
      </div>
    );
  if (queues.data.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
        <span className="bg-primary/15 text-primary grid size-12 place-items-center rounded-full" aria-hidden="true">
          <ListOrdered className="size-6" />
        </span>
        <p className="text-muted-foreground max-w-md">Connect a page to start a queue.</p>
        <Button asChild>
          <Link href="/settings">Connect a Page</Link>
        </Button>
      </div>
    );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-muted-foreground max-w-xl text-sm">
          Add to queue puts a post in its page&apos;s next free slot. Move posts between slots, or pause a page to hold
          its posts.
        </p>
        <NativeSelect
          id="queue-days"
          label="Show"
          value={String(days)}
          options={DAY_CHOICES}
          onChange={(value) => setDays(Number(value))}
          className="w-40"
        />
      </div>
      {queues.data.map((queue) => (
        <PageQueueCard
          key={queue.pageId}
          queue={queue}
          days={days}
          mayEdit={mayEdit}
          onEditSlots={() => setEditingPageId(queue.pageId)}
        />
      ))}
      {editorMounted && (
        <SlotEditorDialog
          queue={editing}
          workspaceTimeZone={workspace?.timeZone ?? editing?.timeZone ?? "UTC"}
          onClose={() => setEditingPageId(null)}
        />
      )}
    </div>
  );
}
