// Runs before the app's code in the browser (a Next.js file convention). Zod compiles object
// parsers with `new Function` when eval is allowed, and probing for that is itself refused by our
// Content-Security-Policy (no 'unsafe-eval'), which reports a violation each time. Switched off
// before any schema is built.
//
// Set on zod's global configuration object itself (`globalThis.__zod_globalConfig`, which every
// copy of zod reads and `z.config()` writes, zod/v4/core/core.js) rather than through
// `z.config()`: importing zod here put the whole library (about 30 KiB compressed) in the first
// load of every page, pages that validate nothing included. The e2e fixture fails any
// test that sees a CSP violation, and tests/unit/zod-jitless.test.ts checks zod reads the setting.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
