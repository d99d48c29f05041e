// npm run themes: writes app/themes.css from lib/themes.ts (see lib/theme-css.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { themeCss } from "@/lib/theme-css";

const target = path.resolve(import.meta.dirname, "../app/themes.css");
writeFileSync(target, themeCss());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
