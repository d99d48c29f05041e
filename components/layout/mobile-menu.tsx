"use client";

import { Menu } from "lucide-react";
import { Button } from "@/components/ui/button";
import { closedTrigger, LoadOnIntent, type IntentHandlers } from "@/components/ui/load-on-intent";

const loadSheet = () => import("./mobile-menu-sheet").then((module) => module.MobileMenuSheet);

function MobileMenuButton(handlers: IntentHandlers) {
  return (
    <Button
      {...closedTrigger("dialog")}
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-label="Open menu"
      {...handlers}
    >
      <Menu aria-hidden />
    </Button>
  );
}

/**
 * The top bar's items for small screens: the button opening them in a side sheet, whose code loads
 * when the button is first touched, focused or pressed (components/ui/load-on-intent.tsx).
 */
export function MobileMenu() {
  return <LoadOnIntent load={loadSheet} StandIn={MobileMenuButton} props={{}} />;
}
