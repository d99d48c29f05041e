import { Badge } from "@/components/ui/badge";
import type { PostStatus } from "@/lib/posts/schemas";
import { cn } from "@/lib/utils";
import { statusLabels } from "./post-display";

/** Fixed colours, the same in every theme: Draft grey, Scheduled blue, Published green, Failed red. */
const statusClasses: Record<PostStatus, string> = {
  draft: "border-transparent bg-neutral-500 text-white",
  scheduled: "border-transparent bg-blue-600 text-white",
  published: "border-transparent bg-green-700 text-white",
  failed: "border-transparent bg-red-600 text-white",
};

export function PostStatusBadge({ status, className }: { status: PostStatus; className?: string }) {
  return (
    <Badge data-status={status} className={cn(statusClasses[status], className)}>
      {statusLabels[status]}
    </Badge>
  );
}
