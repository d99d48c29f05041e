import type { ComponentProps } from "react";
import { BrandIcon } from "@/components/ui/brand-icon";
import { platformLabels, type SocialPlatform } from "@/lib/networks/platforms";
import { cn } from "@/lib/utils";
import { platformGlyphs } from "./brand-glyphs";

/** Brand tints for the icon tile; readable on every theme because the logo sits on a solid chip. */
export const platformTileClasses: Record<SocialPlatform, string> = {
  facebook: "bg-[#0866ff] text-white",
  twitter: "bg-foreground text-background",
  linkedin: "bg-[#0a66c2] text-white",
  instagram: "bg-gradient-to-br from-[#f58529] via-[#dd2a7b] to-[#8134af] text-white",
  tiktok: "bg-neutral-900 text-white",
  youtube: "bg-[#ff0000] text-white",
};

type PlatformIconProps = {
  platform: SocialPlatform;
  /**
   * Give the logo the network's name ('Facebook', 'Twitter/X') as its accessible name. Leave it off
   * where the name is written next to the logo, so screen readers do not say it twice.
   */
  labelled?: boolean;
} & Omit<ComponentProps<"span">, "children">;

/** The network's logo (components/ui/brand-icon.tsx) on a tile in its brand colour. */
export function PlatformIcon({ platform, labelled = false, className, ...props }: PlatformIconProps) {
  return (
    <span
      {...(labelled ? { role: "img", "aria-label": platformLabels[platform] } : { "aria-hidden": true })}
      data-platform-icon={platform}
      className={cn(
        "base:size-8 base:rounded-lg inline-grid shrink-0 place-items-center",
        platformTileClasses[platform],
        className,
      )}
      {...props}
    >
      <BrandIcon icon={platformGlyphs[platform]} className="size-4" />
    </span>
  );
}
