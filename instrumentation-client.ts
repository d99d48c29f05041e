import { z } from "zod";

// Runs before the app's code in the browser (a Next.js file convention). Zod compiles object
// parsers with `new Function` when eval is allowed, and probing for that is itself refused by our
// Content-Security-Policy (no 'unsafe-eval'), which reports a violation each time. Switched off
// before any schema is built.
z.config({ jitless: true });
