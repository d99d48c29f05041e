import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Client code may import only client-safe modules: schemas, lib/utils, lib/api/http, hooks. */
const serverOnlyImports = {
  patterns: [
    { group: ["@/db", "@/db/*"], message: "The database is server-only; call an API route through lib/api/http." },
    {
      group: [
        "@/lib/*/service",
        "@/lib/*/queries",
        "@/lib/env",
        "@/lib/redis",
        "@/lib/api/route",
        "@/lib/api/errors",
        "@/lib/auth/next-auth",
        "@/lib/platforms/*",
        "@/lib/queue/*",
        "@/lib/ops/*",
      ],
      message: "Server-only module: client code imports schemas, lib/utils, lib/api/http and lib/hooks only.",
    },
  ],
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next*/**", "node_modules/**", "db/migrations/**", ".test-output/**", "next-env.d.ts", "data/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: [
      "components/**/*.{ts,tsx}",
      "lib/hooks/**/*.{ts,tsx}",
      "lib/api/http.ts",
      "lib/*/schemas.ts",
      "lib/themes.ts",
      "lib/utils.ts",
      "lib/posts/templates.ts",
      "lib/posts/character-count.ts",
      "lib/schedule/*.ts",
    ],
    rules: { "no-restricted-imports": ["error", serverOnlyImports] },
  },
  {
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
