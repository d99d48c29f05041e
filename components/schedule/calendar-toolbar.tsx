import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

interface CalendarToolbarProps {
  title: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}

/** Month navigation and the colour legend above the calendar. */
export function CalendarToolbar({ title, onPrevious, onNext, onToday }: CalendarToolbarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="icon" aria-label="Previous month" onClick={onPrevious}>
          <ChevronLeft aria-hidden />
        </Button>
        <Button type="button" variant="outline" size="icon" aria-label="Next month" onClick={onNext}>
          <ChevronRight aria-hidden />
        </Button>
        <Button type="button" variant="outline" onClick={onToday}>
          Today
        </Button>
        <h2 className="ml-1 text-lg font-semibold" aria-live="polite">
          {title}
        </h2>
      </div>
      <ul className="text-muted-foreground flex items-center gap-4 text-xs" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-blue-600" aria-hidden />
          Scheduled
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-green-700" aria-hidden />
          Published
        </li>
      </ul>
    </div>
  );
}
