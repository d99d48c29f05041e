import { Button } from "@/components/ui/button";
import { rangePresets, type RangePresetId } from "@/lib/analytics/display";

/** Last 7 / 30 / 90 Days and All Time (spec section 2); the chosen one is pressed. */
export function RangeChips({ value, onChange }: { value: RangePresetId; onChange: (id: RangePresetId) => void }) {
  return (
    <div
      className="bg-muted grid w-full grid-cols-2 gap-1 rounded-lg p-1 sm:inline-flex sm:w-auto"
      role="group"
      aria-label="Date range"
    >
      {rangePresets.map((preset) => (
        <Button
          key={preset.id}
          type="button"
          size="sm"
          variant={value === preset.id ? "default" : "ghost"}
          aria-pressed={value === preset.id}
          onClick={() => onChange(preset.id)}
        >
          {preset.label}
        </Button>
      ))}
    </div>
  );
}
