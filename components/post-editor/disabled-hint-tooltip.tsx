"use client";

import type { ReactElement } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { HintAnchor } from "./hint-anchor";

/** A disabled control with its hint in a tooltip (disabled-hint.tsx shows it without until first wanted). */
export function DisabledHintTooltip({ hint, children }: { hint: string; children: ReactElement }) {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <HintAnchor>{children}</HintAnchor>
        </TooltipTrigger>
        <TooltipContent>{hint}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
