import { Bird, BriefcaseBusiness, Camera, Music, SquarePlay, ThumbsUp, type LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import type { SocialPlatform } from "@/lib/social/schemas";
import { cn } from "@/lib/utils";

/**
 * lucide-react 1.x ships no brand logos, so each platform gets a neutral glyph in its brand colour.
 * The icon is decorative: the platform's name is always written next to it.
 */
const platformIcons: Record<SocialPlatform, LucideIcon> = {
  facebook: ThumbsUp,
  twitter: Bird,
  linkedin: BriefcaseBusiness,
  instagram: Camera,
  tiktok: Music,
  youtube: SquarePlay,
};

/** Brand tints for the icon tile; readable on every theme because the glyph sits on a solid chip. */
export const platformTileClasses: Record<SocialPlatform, string> = {
  facebook: "bg-[#1877f2] text-white",
  twitter: "bg-foreground text-background",
  linkedin: "bg-[#0a66c2] text-white",
  instagram: "bg-gradient-to-br from-[#f58529] via-[#dd2a7b] to-[#8134af] text-white",
  tiktok: "bg-neutral-900 text-white",
  youtube: "bg-[#ff0000] text-white",
};

export function PlatformIcon({
  platform,
  className,
  ...props
}: { platform: SocialPlatform } & Omit<ComponentProps<"span">, "children">) {
  const Icon = platformIcons[platform];
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-grid size-8 shrink-0 place-items-center rounded-lg",
        platformTileClasses[platform],
        className,
      )}
      {...props}
    >
      <Icon className="size-4" />
    </span>
  );
}
