import { Link } from "@/components/ui/link";
import { Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The editor without any connected page: nothing to post to yet. */
export function NoPages() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-16 text-center">
      <span className="bg-primary/15 text-primary grid size-12 place-items-center rounded-full" aria-hidden="true">
        <Share2 className="size-6" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">No Social Media Pages Found</h1>
      <p className="text-muted-foreground">
        Connect a Facebook Page, an X (Twitter) profile or a LinkedIn profile on your dashboard before creating a post.
      </p>
      <Button asChild>
        <Link href="/dashboard">Go to Dashboard</Link>
      </Button>
    </div>
  );
}
