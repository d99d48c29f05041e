import { Badge } from "@/components/ui/badge";
import type { PostStatus } from "@/lib/posts/schemas";

const variants = {
  draft: { label: "Draft", variant: "secondary" },
  scheduled: { label: "Scheduled", variant: "default" },
  published: { label: "Published", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
} as const satisfies Record<
  PostStatus,
  { label: string; variant: "secondary" | "default" | "success" | "destructive" }
>;

export function PostStatusBadge({ status }: { status: PostStatus }) {
  const { label, variant } = variants[status] ?? { label: status, variant: "secondary" };
  return <Badge variant={variant}>{label}</Badge>;
}
