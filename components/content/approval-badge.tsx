import { Badge } from "@/components/ui/badge";
import { APPROVAL_LABELS, type ApprovalState } from "@/lib/approvals/constants";

const approvalVariants = {
  in_review: "warning",
  changes_requested: "destructive",
  approved: "success",
} as const satisfies Record<ApprovalState, "warning" | "destructive" | "success">;

/** 'In review', 'Changes requested' or 'Approved' beside a post's status; nothing for a post never submitted. */
export function ApprovalBadge({ state }: { state: ApprovalState | null }) {
  if (!state) return null;
  return (
    <Badge data-approval={state} variant={approvalVariants[state]}>
      {APPROVAL_LABELS[state]}
    </Badge>
  );
}
