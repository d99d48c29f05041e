/**
 * Security headers of the API. Pages get theirs, with a per-request script nonce, from
 * proxy.ts; the API gets them here, because a proxy that runs on a request with a body makes Next.js
 * read and buffer the whole body before any route handler runs (up to 10 MB, and cutting off
 * uploads beyond that), which would defeat the body limits of parseJson and uploads. The values are
 * those of lib/server/http/security-headers.ts (tests/integration/security/headers.test.ts checks
 * they agree).
 */
const apiSecurityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  },
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; sandbox" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Browser source maps for bench/main-thread.ts only (`PROFILE_SOURCE_MAPS=1 npm run build:test`).
  productionBrowserSourceMaps: process.env.PROFILE_SOURCE_MAPS === "1",
  poweredByHeader: false,
  // Native and server-only packages stay out of the bundle and load from node_modules at run time.
  serverExternalPackages: ["@node-rs/argon2", "pg", "ioredis", "bullmq"],
  // Tests build into their own folder so a running `npm run up` is not disturbed.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm run typecheck` (part of `npm test` and CI) checks the whole project, tests and sandbox
  // included; checking again inside every build only costs time.
  typescript: { ignoreBuildErrors: true },
  turbopack: {
    // twitter-text (the editor's X count) imports core-js 2's ES2015 polyfills; no supported browser
    // lacks those features, so the browser bundle gets an empty module instead. The server build
    // keeps them: there they cost no one a page load.
    resolveAlias: { "core-js/modules/*": { browser: "./lib/no-polyfill.ts" } },
  },
  async headers() {
    return [{ source: "/api/:path*", headers: apiSecurityHeaders }];
  },
};

export default nextConfig;
