import type { LucideIcon } from "lucide-react";

/** A chart's or table's 'nothing yet' panel: a title (spec section 2) and a sentence on what fills it. */
export function EmptyState({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <div className="grid min-h-56 place-items-center px-4 py-8 text-center">
      <div className="grid justify-items-center gap-2">
        <span className="bg-muted text-muted-foreground grid size-11 place-items-center rounded-full" aria-hidden>
          <Icon className="size-5" />
        </span>
        <h3 className="font-semibold">{title}</h3>
        <p className="text-muted-foreground max-w-xs text-sm">{text}</p>
      </div>
    </div>
  );
}
