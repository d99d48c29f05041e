import { Skeleton } from "@/components/ui/skeleton";

/** The queue view's shape while its pages load: two pages of a few slots each. */
export function QueueSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <span className="sr-only">Loading queues</span>
      {[0, 1].map((page) => (
        <div key={page} className="bg-card rounded-xl border" aria-hidden="true">
          <div className="flex items-center gap-3 border-b p-4 sm:px-5">
            <Skeleton className="size-10 rounded-lg" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56 max-w-full" />
            </div>
            <Skeleton className="hidden h-8 w-44 sm:block" />
          </div>
          <div className="grid gap-2 p-4 sm:px-5">
            <Skeleton className="h-4 w-20" />
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-3 rounded-lg border px-3 py-3 sm:px-4">
                <Skeleton className="h-4 w-12" />
                <Skeleton className="h-4 flex-1" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
