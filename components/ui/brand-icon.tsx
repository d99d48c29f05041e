import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** The part of a simple-icons icon we draw: one path on a 24×24 grid. */
export interface BrandGlyph {
  title: string;
  path: string;
}

type BrandIconProps = {
  icon: BrandGlyph;
  /**
   * The accessible name (e.g. 'Facebook'). Without it the logo is decorative and hidden from
   * assistive technology, for places where the network's name is written next to it.
   */
  label?: string;
} & Omit<ComponentProps<"svg">, "children" | "viewBox">;

/** A brand logo (simple-icons path data) drawn in `currentColor`, sized like a lucide icon. */
export function BrandIcon({ icon, label, className, ...props }: BrandIconProps) {
  const named = label !== undefined && label !== "";
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      xmlns="http://www.w3.org/2000/svg"
      data-brand={icon.title}
      className={cn("base:size-4 shrink-0", className)}
      {...(named ? { role: "img", "aria-label": label } : { "aria-hidden": true, focusable: false })}
      {...props}
    >
      {named && <title>{label}</title>}
      <path d={icon.path} />
    </svg>
  );
}
