// The five colour themes (spec, "Themes"). Client-safe: imports nothing.
//
// app/themes.css is generated from these values (`npm run themes`, lib/theme-css.ts) as CSS
// variables under `[data-theme="<name>"]`. Keys here are the CSS variable names in camelCase:
// `mutedForeground` is `--muted-foreground`, `chart1` is `--chart-1`.

type ShadowSet = {
  /** Tints every shadow; `--shadow-color` in CSS. */
  color: string;
  sm: string;
  md: string;
  lg: string;
};

// Same geometry as the `--shadow-*` entries of `@theme inline` in app/globals.css.
function shadowSet(color: string): ShadowSet {
  return {
    color,
    sm: `0 1px 3px 0 ${color}, 0 1px 2px -1px ${color}`,
    md: `0 4px 6px -1px ${color}, 0 2px 4px -2px ${color}`,
    lg: `0 10px 15px -3px ${color}, 0 4px 6px -4px ${color}`,
  };
}

export const themes = [
  {
    name: "dark",
    displayName: "Dark",
    colorScheme: "dark",
    colors: {
      background: "oklch(0.165 0.005 265)",
      foreground: "oklch(0.97 0.003 265)",
      card: "oklch(0.205 0.006 265)",
      cardForeground: "oklch(0.97 0.003 265)",
      popover: "oklch(0.225 0.006 265)",
      popoverForeground: "oklch(0.97 0.003 265)",
      primary: "oklch(0.72 0.14 255)",
      primaryForeground: "oklch(0.18 0.05 255)",
      secondary: "oklch(0.285 0.006 265)",
      secondaryForeground: "oklch(0.97 0.003 265)",
      muted: "oklch(0.275 0.006 265)",
      mutedForeground: "oklch(0.75 0.012 265)",
      accent: "oklch(0.3 0.02 260)",
      accentForeground: "oklch(0.97 0.003 265)",
      destructive: "oklch(0.68 0.2 22)",
      destructiveForeground: "oklch(0.17 0.04 22)",
      success: "oklch(0.75 0.16 155)",
      successForeground: "oklch(0.18 0.04 155)",
      warning: "oklch(0.83 0.16 80)",
      warningForeground: "oklch(0.2 0.04 70)",
      border: "oklch(0.315 0.006 265)",
      input: "oklch(0.37 0.008 265)",
      ring: "oklch(0.72 0.14 255)",
      chart1: "oklch(0.7 0.14 255)",
      chart2: "oklch(0.72 0.12 185)",
      chart3: "oklch(0.8 0.15 80)",
      chart4: "oklch(0.7 0.18 350)",
      chart5: "oklch(0.75 0.15 145)",
    },
    shadow: shadowSet("oklch(0 0 0 / 0.45)"),
  },
  {
    name: "light",
    displayName: "Light",
    colorScheme: "light",
    colors: {
      background: "oklch(1 0 0)",
      foreground: "oklch(0.16 0.006 286)",
      card: "oklch(1 0 0)",
      cardForeground: "oklch(0.16 0.006 286)",
      popover: "oklch(1 0 0)",
      popoverForeground: "oklch(0.16 0.006 286)",
      primary: "oklch(0.5 0.18 260)",
      primaryForeground: "oklch(0.985 0 0)",
      secondary: "oklch(0.965 0.004 286)",
      secondaryForeground: "oklch(0.21 0.006 286)",
      muted: "oklch(0.965 0.004 286)",
      mutedForeground: "oklch(0.5 0.016 286)",
      accent: "oklch(0.95 0.02 260)",
      accentForeground: "oklch(0.21 0.006 286)",
      destructive: "oklch(0.55 0.22 27)",
      destructiveForeground: "oklch(0.985 0 0)",
      success: "oklch(0.5 0.12 155)",
      successForeground: "oklch(0.985 0 0)",
      warning: "oklch(0.55 0.12 60)",
      warningForeground: "oklch(0.985 0 0)",
      border: "oklch(0.91 0.005 286)",
      input: "oklch(0.85 0.006 286)",
      ring: "oklch(0.5 0.18 260)",
      chart1: "oklch(0.55 0.18 260)",
      chart2: "oklch(0.6 0.1 185)",
      chart3: "oklch(0.75 0.16 70)",
      chart4: "oklch(0.6 0.2 350)",
      chart5: "oklch(0.6 0.15 145)",
    },
    shadow: shadowSet("oklch(0.2 0.02 260 / 0.1)"),
  },
  {
    name: "ocean",
    displayName: "Ocean Blue",
    colorScheme: "dark",
    colors: {
      background: "oklch(0.2 0.05 245)",
      foreground: "oklch(0.96 0.015 220)",
      card: "oklch(0.245 0.055 245)",
      cardForeground: "oklch(0.96 0.015 220)",
      popover: "oklch(0.265 0.055 245)",
      popoverForeground: "oklch(0.96 0.015 220)",
      primary: "oklch(0.78 0.12 195)",
      primaryForeground: "oklch(0.2 0.05 245)",
      secondary: "oklch(0.31 0.055 240)",
      secondaryForeground: "oklch(0.96 0.015 220)",
      muted: "oklch(0.3 0.05 242)",
      mutedForeground: "oklch(0.78 0.04 225)",
      accent: "oklch(0.34 0.06 230)",
      accentForeground: "oklch(0.96 0.015 220)",
      destructive: "oklch(0.72 0.17 22)",
      destructiveForeground: "oklch(0.18 0.04 22)",
      success: "oklch(0.78 0.15 160)",
      successForeground: "oklch(0.18 0.04 160)",
      warning: "oklch(0.84 0.15 80)",
      warningForeground: "oklch(0.2 0.04 70)",
      border: "oklch(0.35 0.05 240)",
      input: "oklch(0.4 0.05 240)",
      ring: "oklch(0.78 0.12 195)",
      chart1: "oklch(0.78 0.12 195)",
      chart2: "oklch(0.7 0.14 240)",
      chart3: "oklch(0.82 0.14 85)",
      chart4: "oklch(0.72 0.16 20)",
      chart5: "oklch(0.75 0.13 160)",
    },
    shadow: shadowSet("oklch(0.1 0.05 250 / 0.55)"),
  },
  {
    name: "forest",
    displayName: "Forest Green",
    colorScheme: "dark",
    colors: {
      background: "oklch(0.2 0.04 158)",
      foreground: "oklch(0.96 0.02 140)",
      card: "oklch(0.24 0.045 158)",
      cardForeground: "oklch(0.96 0.02 140)",
      popover: "oklch(0.26 0.045 158)",
      popoverForeground: "oklch(0.96 0.02 140)",
      primary: "oklch(0.8 0.16 145)",
      primaryForeground: "oklch(0.2 0.05 158)",
      secondary: "oklch(0.31 0.045 155)",
      secondaryForeground: "oklch(0.96 0.02 140)",
      muted: "oklch(0.3 0.04 156)",
      mutedForeground: "oklch(0.79 0.04 145)",
      accent: "oklch(0.34 0.055 150)",
      accentForeground: "oklch(0.96 0.02 140)",
      destructive: "oklch(0.72 0.17 25)",
      destructiveForeground: "oklch(0.18 0.04 25)",
      success: "oklch(0.82 0.16 130)",
      successForeground: "oklch(0.2 0.05 130)",
      warning: "oklch(0.85 0.15 85)",
      warningForeground: "oklch(0.2 0.04 70)",
      border: "oklch(0.35 0.04 156)",
      input: "oklch(0.4 0.045 156)",
      ring: "oklch(0.8 0.16 145)",
      chart1: "oklch(0.8 0.16 145)",
      chart2: "oklch(0.75 0.12 190)",
      chart3: "oklch(0.84 0.15 90)",
      chart4: "oklch(0.72 0.15 40)",
      chart5: "oklch(0.72 0.12 300)",
    },
    shadow: shadowSet("oklch(0.1 0.04 160 / 0.55)"),
  },
  {
    name: "midnight",
    displayName: "Midnight Dark",
    colorScheme: "dark",
    colors: {
      background: "oklch(0.11 0.012 285)",
      foreground: "oklch(0.95 0.01 290)",
      card: "oklch(0.165 0.018 288)",
      cardForeground: "oklch(0.95 0.01 290)",
      popover: "oklch(0.185 0.02 288)",
      popoverForeground: "oklch(0.95 0.01 290)",
      primary: "oklch(0.72 0.16 295)",
      primaryForeground: "oklch(0.15 0.04 295)",
      secondary: "oklch(0.22 0.02 290)",
      secondaryForeground: "oklch(0.95 0.01 290)",
      muted: "oklch(0.2 0.018 290)",
      mutedForeground: "oklch(0.73 0.03 290)",
      accent: "oklch(0.25 0.045 295)",
      accentForeground: "oklch(0.95 0.01 290)",
      destructive: "oklch(0.68 0.2 18)",
      destructiveForeground: "oklch(0.15 0.04 18)",
      success: "oklch(0.75 0.16 160)",
      successForeground: "oklch(0.15 0.04 160)",
      warning: "oklch(0.83 0.16 80)",
      warningForeground: "oklch(0.18 0.04 70)",
      border: "oklch(0.25 0.02 290)",
      input: "oklch(0.33 0.025 290)",
      ring: "oklch(0.72 0.16 295)",
      chart1: "oklch(0.72 0.16 295)",
      chart2: "oklch(0.72 0.12 200)",
      chart3: "oklch(0.8 0.15 80)",
      chart4: "oklch(0.7 0.19 350)",
      chart5: "oklch(0.75 0.15 155)",
    },
    shadow: shadowSet("oklch(0 0 0 / 0.7)"),
  },
] as const;

export type Theme = (typeof themes)[number];
export type ThemeName = Theme["name"];
export type ThemeColors = Theme["colors"];

export const themeNames: ThemeName[] = themes.map((theme) => theme.name);
export const defaultTheme: ThemeName = "dark";
/**
 * The choice is kept in the browser under "theme" (spec, "Themes"), twice: in localStorage, which
 * decides, and in a cookie of the same name, so the server renders `<html data-theme>` and the
 * first paint has the right colours without a script that blocks it.
 */
export const themeStorageKey = "theme";
export const themeCookieName = "theme";
/** 400 days: the longest a browser keeps a cookie (Chromium caps Max-Age there). */
export const themeCookieMaxAgeSeconds = 400 * 24 * 60 * 60;

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === "string" && (themeNames as string[]).includes(value);
}

export function getTheme(name: string | undefined): Theme {
  return themes.find((theme) => theme.name === name) ?? themes[0];
}
