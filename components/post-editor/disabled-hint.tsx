"use client";

import type { ReactElement } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";

/**
 * Explains why a control is disabled. A disabled button gets no pointer or focus events, so the
 * tooltip hangs on a focusable wrapper; without a hint the child is rendered alone.
 */
export function DisabledHint({ hint, children }: { hint: string | null | undefined; children: ReactElement }) {
  if (!hint) return children;
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <span
            tabIndex={0}
            className="focus-visible:ring-ring/60 inline-flex rounded-md outline-none focus-visible:ring-[3px]"
          >
            {children}
          </span>
        </TooltipTrigger>
        <TooltipContent>{hint}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
