import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { themeCss } from "@/lib/theme-css";
import { themes } from "@/lib/themes";

describe("theme CSS", () => {
  it("app/themes.css is exactly what lib/themes.ts generates (run `npm run themes` after changing a theme)", () => {
    const file = readFileSync(path.resolve(import.meta.dirname, "../../app/themes.css"), "utf8");
    expect(file).toBe(themeCss());
  });

  it("every theme sets every colour the utilities use, and the dark variant covers each dark theme", () => {
    const css = themeCss();
    for (const theme of themes) {
      expect(css).toContain(`[data-theme="${theme.name}"] {\n  color-scheme: ${theme.colorScheme};`);
      expect(css).toContain(`  --muted-foreground: ${theme.colors.mutedForeground};`);
      expect(css).toContain(`  --chart-1: ${theme.colors.chart1};`);
      expect(css.includes(`  [data-theme="${theme.name}"], [data-theme="${theme.name}"] *,`)).toBe(
        theme.colorScheme === "dark",
      );
    }
  });
});
