"use client";

import { Link } from "@/components/ui/link";
import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSession } from "@/lib/client/session";
import type { PublicUser } from "@/lib/auth/schemas";
import { userMenuItems } from "./nav-items";
import { UserAvatar, userMenuLabel } from "./user-avatar";

/** The account menu (user-menu.tsx shows its button until it is first wanted). */
export function UserMenuDropdown({ user, defaultOpen }: { user: PublicUser; defaultOpen?: boolean }) {
  const { signOut } = useSession();
  const router = useRouter();
  const displayName = user.name || user.email;

  async function handleSignOut() {
    await signOut();
    router.replace("/");
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={userMenuLabel(displayName)}>
          <UserAvatar name={displayName} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-semibold">{displayName}</span>
          <span className="text-muted-foreground truncate text-xs font-normal">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {userMenuItems.map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <Link href={item.href}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
