import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** One panel of the analytics page: a titled card whose body is a skeleton while loading. */
export function ChartCard({
  title,
  description,
  loading,
  stale = false,
  className,
  action,
  children,
}: {
  title: string;
  description?: string;
  loading: boolean;
  /** The previous range's figures on screen while the next range loads. */
  stale?: boolean;
  className?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className={cn("min-w-0 gap-4", className)} aria-busy={loading || stale}>
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 className="text-lg font-semibold">{title}</h2>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent className={cn("min-w-0 transition-opacity", stale && "opacity-60")}>
        {loading ? (
          <>
            <Skeleton className="h-64 w-full" aria-hidden />
            <span className="sr-only">Loading {title}</span>
          </>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
