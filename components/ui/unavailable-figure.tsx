import { VIEWS_UNAVAILABLE } from "@/lib/analytics/display";

/** A figure the platform does not give: "—" on screen, the reason for screen readers and on hover. */
export function UnavailableFigure({ reason = VIEWS_UNAVAILABLE }: { reason?: string }) {
  return (
    <span title={reason}>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{reason}</span>
    </span>
  );
}
