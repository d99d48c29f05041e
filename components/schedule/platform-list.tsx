import { PlatformIcon } from "@/components/social/platform-icon";
import { platformLabels, type SocialPlatform } from "@/lib/networks/platforms";
import { cn } from "@/lib/utils";

/** Each platform's icon and name, in a row. */
export function PlatformList({ platforms, className }: { platforms: readonly SocialPlatform[]; className?: string }) {
  if (platforms.length === 0) return <p className="text-muted-foreground text-sm">No platforms selected</p>;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      {platforms.map((platform) => (
        <li
          key={platform}
          className="bg-muted/50 flex items-center gap-1.5 rounded-full border py-0.5 pr-2.5 pl-0.5 text-xs font-medium"
        >
          <PlatformIcon platform={platform} className="size-5 rounded-full [&_svg]:size-3" />
          {platformLabels[platform]}
        </li>
      ))}
    </ul>
  );
}
