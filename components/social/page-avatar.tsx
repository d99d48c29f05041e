"use client";

import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { initials } from "@/lib/format";
import { cn } from "@/lib/utils";

const sizes = { xs: "size-6", sm: "size-9", md: "size-10", lg: "size-12" } as const;
const shapes = { circle: "rounded-full", rounded: "rounded-md", tile: "rounded-lg" } as const;

/** A page's or account's picture; its initials while the picture loads, when it fails, or when there is none. */
export function PageAvatar({
  name,
  src,
  size = "lg",
  shape = "tile",
}: {
  name: string;
  src: string | null | undefined;
  size?: keyof typeof sizes;
  shape?: keyof typeof shapes;
}) {
  return (
    <Avatar className={cn(sizes[size], shapes[shape])}>
      {src ? <AvatarImage src={src} alt={name} className="object-cover" /> : null}
      <AvatarFallback
        className={cn("bg-primary/15 text-primary rounded-lg font-semibold", size === "xs" && "text-[0.6rem]")}
        aria-hidden="true"
      >
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
