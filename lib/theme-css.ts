import { themes, defaultTheme } from "./themes";

/**
 * The CSS of the five themes, generated from lib/themes.ts so the two can never drift: each theme's
 * colours as CSS variables under `[data-theme="<name>"]`, the default theme also on `:root`, the
 * `dark:` variant for every dark theme, and Tailwind's colour utilities over the variables.
 * `npm run themes` writes it to app/themes.css; tests/unit/themes.test.ts fails when that file and
 * this function disagree.
 */

const cssName = (key: string) => `--${key.replace(/([a-z])([A-Z0-9])/g, "$1-$2").toLowerCase()}`;

export function themeCss(): string {
  const dark = themes.filter((theme) => theme.colorScheme === "dark").map((theme) => theme.name);
  const variant = [
    ...dark.map((name) => `  [data-theme="${name}"], [data-theme="${name}"] *,`),
    "  :root:not([data-theme]), :root:not([data-theme]) *",
  ];
  const blocks = themes.map((theme) => {
    const selector =
      theme.name === defaultTheme ? `:root,\n[data-theme="${theme.name}"]` : `[data-theme="${theme.name}"]`;
    const colors = Object.entries(theme.colors).map(([key, value]) => `  ${cssName(key)}: ${value};`);
    return [
      `/* ${theme.displayName} */`,
      `${selector} {`,
      `  color-scheme: ${theme.colorScheme};`,
      ...colors,
      `  --shadow-color: ${theme.shadow.color};`,
      "}",
    ].join("\n");
  });
  const utilities = Object.keys(themes[0].colors).map(
    (key) => `  --color-${cssName(key).slice(2)}: var(${cssName(key)});`,
  );
  return [
    "/* Generated from lib/themes.ts by `npm run themes` (lib/theme-css.ts). Do not edit by hand. */",
    "",
    "/* Every theme but the light ones is dark, so `dark:` variants apply to them too. */",
    "@custom-variant dark (&:where(",
    ...variant,
    "));",
    "",
    blocks.join("\n\n"),
    "",
    "@theme inline {",
    ...utilities,
    "}",
    "",
  ].join("\n");
}
