"use client";

import type { ComponentProps } from "react";
import { CheckIcon } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";

/**
 * A checkbox drawn as a rounded chip: its children (an avatar, a name) are its label, so its
 * accessible name is their text. Space toggles it, as any checkbox; a tick shows when checked.
 */
function ChipCheckbox({ className, children, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      data-slot="chip-checkbox"
      className={cn(
        "bg-background inline-flex max-w-full min-w-0 cursor-pointer items-center gap-1.5 rounded-full border py-1 pr-2.5 pl-1 text-sm shadow-xs transition-colors outline-none",
        "hover:bg-accent hover:text-accent-foreground",
        "data-[state=checked]:border-primary data-[state=checked]:bg-primary/10 data-[state=checked]:text-foreground",
        "focus-visible:border-ring focus-visible:ring-ring/60 focus-visible:ring-[3px]",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      {children}
      <CheckboxPrimitive.Indicator
        data-slot="chip-checkbox-indicator"
        className="text-primary grid place-content-center"
      >
        <CheckIcon className="size-3.5" aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

export { ChipCheckbox };
