"use client";

import { Link } from "@/components/ui/link";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/client/session";
import { ThemePicker } from "@/components/theme/theme-picker";
import { cn } from "@/lib/utils";
import { CreatePostButton } from "./create-post-button";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { mainNavItems } from "./nav-items";
import { UserMenu } from "./user-menu";
import { WorkspaceSwitcher } from "./workspace-switcher";

// After the page's own code: the bell is not in any page's first load (decision 0048's budget), and
// its place is kept while it loads.
const NotificationsBell = dynamic(() => import("./notifications-bell").then((module) => module.NotificationsBell), {
  ssr: false,
  loading: () => <span aria-hidden="true" className="inline-block size-9" />,
});

export function TopBar() {
  const { session } = useSession();
  const pathname = usePathname();

  return (
    <header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <MobileMenu />
        <Logo />
        {session.status === "authenticated" && (
          <WorkspaceSwitcher id="workspace-switcher" className="hidden sm:block" />
        )}
        {session.status === "authenticated" && (
          <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
            {mainNavItems.map((item) => {
              const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
              return (
                <Link
                  key={item.href}
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
                    active ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:text-foreground",
                  )}
                >
                  {item.label}
                </Link>
              );
            })}
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          {session.status === "authenticated" && <CreatePostButton />}
          {session.status === "authenticated" && <NotificationsBell />}
          <ThemePicker />
          {session.status === "authenticated" && <UserMenu user={session.data.user} />}
          {session.status === "unauthenticated" && (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost">
                <Link href="/login">Sign in</Link>
              </Button>
              <Button asChild>
                <Link href="/register">Get Started</Link>
              </Button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
