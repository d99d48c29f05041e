"use client";

import { PaletteIcon } from "lucide-react";
import { useTheme } from "@/components/theme/theme-provider";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { isThemeName, themes, type Theme } from "@/lib/themes";

function ThemeSwatch({ theme }: { theme: Theme }) {
  return (
    <span
      aria-hidden="true"
      data-slot="theme-swatch"
      className="border-border relative inline-flex size-4 shrink-0 overflow-hidden rounded-full border"
      style={{ backgroundColor: theme.colors.background }}
    >
      <span className="absolute inset-y-0 right-0 w-1/2" style={{ backgroundColor: theme.colors.primary }} />
    </span>
  );
}

/** The theme picker's menu (theme-picker.tsx shows its button until it is first wanted). */
export function ThemePickerMenu({ className, defaultOpen }: { className?: string; defaultOpen?: boolean }) {
  const { theme, setTheme } = useTheme();

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Theme" className={className}>
          <PaletteIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            if (isThemeName(value)) setTheme(value);
          }}
        >
          {themes.map((option) => (
            <DropdownMenuRadioItem key={option.name} value={option.name}>
              <ThemeSwatch theme={option} />
              {option.displayName}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
