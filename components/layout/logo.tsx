import { Link } from "@/components/ui/link";
import { Sparkles } from "lucide-react";

export function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 text-lg font-bold tracking-tight" aria-label="Postloom home">
      <span className="bg-primary text-primary-foreground grid size-8 place-items-center rounded-lg">
        <Sparkles className="size-4" aria-hidden />
      </span>
      <span>Postloom</span>
    </Link>
  );
}
