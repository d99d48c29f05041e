import type { ComponentProps } from "react";
import { Loader2Icon } from "lucide-react";
import { cn } from "@/lib/utils";

type SpinnerProps = Omit<ComponentProps<"svg">, "role"> & {
  /** What is loading, read by screen readers: the indicator's accessible name. */
  "aria-label"?: string;
};

/** Accessible loading indicator: a live `status` region named "Loading" unless told otherwise. */
function Spinner({ className, "aria-label": ariaLabel = "Loading", ...props }: SpinnerProps) {
  return (
    <Loader2Icon
      data-slot="spinner"
      role="status"
      aria-label={ariaLabel}
      className={cn("base:size-4 animate-spin", className)}
      {...props}
    />
  );
}

export { Spinner, type SpinnerProps };
