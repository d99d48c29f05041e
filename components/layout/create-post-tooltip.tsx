"use client";

import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { CreatePostLink } from "./create-post-link";

/** The top bar's Create Post link with its tooltip (create-post-button.tsx shows the link until it is first wanted). */
export function CreatePostTooltip() {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <CreatePostLink />
        </TooltipTrigger>
        <TooltipContent>Create Post</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
