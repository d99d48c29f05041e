import { Link } from "@/components/ui/link";
import { Plus } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The round "+" link to the editor (props: a tooltip trigger's, when it has one). */
export function CreatePostLink(props: Omit<ComponentProps<typeof Button>, "asChild">) {
  return (
    <Button asChild size="icon" className="rounded-full" {...props}>
      <Link href="/create-post" aria-label="Create Post">
        <Plus aria-hidden />
      </Link>
    </Button>
  );
}
