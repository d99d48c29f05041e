import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="skeleton" className={cn("bg-accent base:rounded-md animate-pulse", className)} {...props} />;
}

export { Skeleton };
