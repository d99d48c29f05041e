"use client";

import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { initials } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A page's or account's picture; its initials while the picture loads, when it fails, or when there is none. */
export function PageAvatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null | undefined;
  className?: string;
}) {
  return (
    <Avatar className={cn("size-12 rounded-lg", className)}>
      {src ? <AvatarImage src={src} alt={name} className="object-cover" /> : null}
      <AvatarFallback className="bg-primary/15 text-primary rounded-lg font-semibold" aria-hidden="true">
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
