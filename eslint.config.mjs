import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * Browser code (components/, lib/client/) never imports a server module: those live in lib/server/,
 * lib/<domain>/server/ and lib/networks/<network>/server/. The same rule and the other layer rules are checked over the whole
 * import graph by dependency-cruiser (.dependency-cruiser.cjs) in `npm run lint`; this copy gives
 * the error in the editor as you type.
 */
const serverOnlyImports = {
  patterns: [
    {
      group: [
        "@/db",
        "@/db/*",
        "@/lib/server/*",
        "@/lib/*/server",
        "@/lib/*/server/*",
        "@/lib/networks/*/server",
        "@/lib/networks/*/server/*",
      ],
      message: "Server-only module: browser code reaches the server through lib/client/http.ts.",
    },
  ],
  paths: [
    {
      name: "sonner",
      importNames: ["toast"],
      message: "Toasts go through lib/client/toast.ts, which loads sonner on first use.",
    },
  ],
};

/** Links go through our own, which does not prefetch (components/ui/link.tsx says why). */
const nextLink = {
  name: "next/link",
  message: "Use Link from @/components/ui/link: our pages are rendered per request, and prefetching them only costs.",
};

/**
 * No Intl formatter made as a module loads: the first Intl object loads the runtime's locale data
 * (about 9 ms, 36 ms on Lighthouse's phone), which then runs in the page's script evaluation, one
 * of its long tasks. Make it on first use: lib/format.ts › numberFormat, dateTimeFormat.
 */
const intlAtModuleLoad = {
  selector:
    ":matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']",
  message:
    "Make Intl formatters on first use (lib/format.ts › numberFormat / dateTimeFormat), not as the module loads.",
};

/**
 * No platform-name comparisons outside the networks' own folders: the rest of the code asks a
 * network's capabilities (lib/networks/index.ts: `network(platform).maxLength`, `.publishesAs`, …)
 * so a new network is a new folder, not a hunt for `=== "twitter"` (docs/adding-a-network.md).
 * The names of platforms that are not networks yet are refused too. tests/unit/
 * network-names-lint.test.ts shows the rule firing.
 */
const NETWORK_NAMES = ["facebook", "twitter", "linkedin", "instagram", "threads", "tiktok", "youtube"];
const networkNameMessage =
  "Ask the network's capabilities (lib/networks/index.ts › network(platform)) instead of comparing its name; name-specific code lives in lib/networks/<network>/ or components/networks/<network>/.";
const networkName = `/^(${NETWORK_NAMES.join("|")})$/`;
const networkNameComparisons = [
  { selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=${networkName}]`, message: networkNameMessage },
  { selector: `SwitchCase > Literal[value=${networkName}]`, message: networkNameMessage },
];
const NETWORK_FOLDERS = ["lib/networks/**", "components/networks/**"];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next*/**",
      "node_modules/**",
      "db/migrations/**",
      ".test-output/**",
      ".worker-build/**",
      "next-env.d.ts",
      "data/**",
      ".dependency-cruiser.cjs",
    ],
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
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "workers/**/*.ts"],
    ignores: NETWORK_FOLDERS,
    rules: { "no-restricted-syntax": ["error", ...networkNameComparisons] },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    ignores: ["lib/**/server/**", "lib/server/**", ...NETWORK_FOLDERS],
    rules: { "no-restricted-syntax": ["error", intlAtModuleLoad, ...networkNameComparisons] },
  },
  {
    files: NETWORK_FOLDERS.map((folder) => `${folder}/*.{ts,tsx}`),
    ignores: ["lib/**/server/**"],
    rules: { "no-restricted-syntax": ["error", intlAtModuleLoad] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [nextLink] }] },
  },
  {
    files: ["components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { ...serverOnlyImports, paths: [...serverOnlyImports.paths, nextLink] }],
    },
  },
  {
    files: ["components/ui/link.tsx"],
    rules: { "no-restricted-imports": ["error", serverOnlyImports] },
  },
  {
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
