import { AlertTriangle } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { usageMeter, type MeterLevel } from "@/lib/billing/meter";
import { cn } from "@/lib/utils";

const BAR: Record<MeterLevel, string> = { ok: "bg-success", warning: "bg-warning", danger: "bg-destructive" };
const TEXT: Record<MeterLevel, string> = {
  ok: "text-muted-foreground",
  warning: "text-warning",
  danger: "text-destructive",
};

/**
 * One 'Usage This Month' meter (spec section 4): the success colour under 70%, amber from 70%, red
 * with a warning from 90%; 'Unlimited' without a bar. `format` writes the figures (storage as GB).
 */
export function UsageMeter({
  label,
  current,
  limit,
  format = (n) => n.toLocaleString("en-GB"),
}: {
  label: string;
  current: number;
  limit: number;
  format?: (n: number) => string;
}) {
  const meter = usageMeter(current, limit, label);
  const id = `meter-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <span className="text-muted-foreground text-sm tabular-nums">
          {meter.unlimited ? format(current) : `${format(current)} / ${format(limit)}`}
        </span>
      </div>
      {meter.unlimited ? (
        <p className="text-muted-foreground text-sm">Unlimited</p>
      ) : (
        <>
          <Progress
            value={meter.percent}
            aria-labelledby={`${id}-label`}
            aria-valuetext={`${meter.percent}%`}
            indicatorClassName={BAR[meter.level]}
            data-level={meter.level}
          />
          <p className={cn("flex items-center gap-1.5 text-sm", TEXT[meter.level])}>
            {meter.level === "danger" && <AlertTriangle className="size-4 shrink-0" aria-hidden />}
            {meter.text}
          </p>
        </>
      )}
    </div>
  );
}
