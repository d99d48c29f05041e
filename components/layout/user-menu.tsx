"use client";

import { Button } from "@/components/ui/button";
import { closedTrigger, LoadOnIntent, type IntentHandlers } from "@/components/ui/load-on-intent";
import type { PublicUser } from "@/lib/auth/schemas";
import { UserAvatar, userMenuLabel } from "./user-avatar";

const loadMenu = () => import("./user-menu-dropdown").then((module) => module.UserMenuDropdown);

function UserMenuButton({ user, ...handlers }: { user: PublicUser } & IntentHandlers) {
  const displayName = user.name || user.email;
  return (
    <Button
      {...closedTrigger("menu")}
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-label={userMenuLabel(displayName)}
      {...handlers}
    >
      <UserAvatar name={displayName} />
    </Button>
  );
}

/**
 * The account menu's button ("AL, Ada Lovelace: account menu"); the menu's code loads when the
 * button is first pointed at, focused or pressed (components/ui/load-on-intent.tsx).
 */
export function UserMenu({ user }: { user: PublicUser }) {
  return <LoadOnIntent load={loadMenu} StandIn={UserMenuButton} props={{ user }} />;
}
