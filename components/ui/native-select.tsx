"use client";

import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/utils";

interface NativeSelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  className?: string;
}

/** A labelled native select: keyboard, screen readers and mobile pickers for free. */
export function NativeSelect({ id, label, value, options, onChange, className }: NativeSelectProps) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            "border-input bg-background dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground base:w-full h-9 appearance-none rounded-md border py-1 pr-9 pl-3 text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-ring/60 focus-visible:ring-[3px]",
            className,
          )}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="text-muted-foreground pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2"
          aria-hidden
        />
      </div>
    </div>
  );
}
