"use client";

import { PaletteIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { closedTrigger, LoadOnIntent, type IntentHandlers } from "@/components/ui/load-on-intent";

const loadMenu = () => import("./theme-picker-menu").then((module) => module.ThemePickerMenu);

function ThemeButton({ className, ...handlers }: { className?: string } & IntentHandlers) {
  return (
    <Button
      {...closedTrigger("menu")}
      variant="ghost"
      size="icon"
      aria-label="Theme"
      className={className}
      {...handlers}
    >
      <PaletteIcon aria-hidden="true" />
    </Button>
  );
}

/**
 * Icon button (accessible name "Theme") opening the list of the five themes. The menu's code loads
 * when the button is first pointed at, focused or pressed (components/ui/load-on-intent.tsx).
 */
export function ThemePicker({ className }: { className?: string }) {
  return <LoadOnIntent load={loadMenu} StandIn={ThemeButton} props={{ className }} />;
}
