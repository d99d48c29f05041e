import Link from "next/link";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

export function CreatePostButton() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild size="icon" className="rounded-full">
          <Link href="/create-post" aria-label="Create Post">
            <Plus aria-hidden />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>Create Post</TooltipContent>
    </Tooltip>
  );
}
