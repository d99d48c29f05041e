"use client";

import { Link } from "@/components/ui/link";
import { Menu } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useSession } from "@/lib/client/session";
import { mainNavItems, userMenuItems } from "./nav-items";
import { WorkspaceSwitcher } from "./workspace-switcher";

/** The top bar's items for small screens, in a side sheet (mobile-menu.tsx shows its button until it is first wanted). */
export function MobileMenuSheet({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { session, signOut } = useSession();
  const [open, setOpen] = useState(defaultOpen);
  const router = useRouter();
  const signedIn = session.status === "authenticated";
  const items = signedIn
    ? [...mainNavItems, { href: "/create-post", label: "Create Post" }, ...userMenuItems]
    : [
        { href: "/login", label: "Sign in" },
        { href: "/register", label: "Get Started" },
      ];

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72">
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Navigate Postloom</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-4">
          {signedIn && (
            <p className="text-muted-foreground min-w-0 border-b pb-3 text-sm">
              <span className="text-foreground block truncate font-medium">{session.data.user.name}</span>
              {/* A long address is cut with an ellipsis (whole on hover), not run out of the sheet. */}
              <span className="block truncate" title={session.data.user.email}>
                {session.data.user.email}
              </span>
            </p>
          )}
          {signedIn && <WorkspaceSwitcher id="workspace-switcher-mobile" className="py-2" />}
          {items.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              onClick={() => setOpen(false)}
              className="hover:bg-accent rounded-md px-3 py-2 text-sm font-medium"
            >
              {item.label}
            </Link>
          ))}
          {signedIn && (
            <button
              type="button"
              className="hover:bg-accent rounded-md px-3 py-2 text-left text-sm font-medium"
              onClick={() => {
                setOpen(false);
                void signOut().then(() => router.replace("/"));
              }}
            >
              Sign out
            </button>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
