/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and server-only packages stay out of the bundle and load from node_modules at run time.
  serverExternalPackages: ["@node-rs/argon2", "pg", "ioredis", "bullmq"],
  // Tests build into their own folder so a running `npm run up` is not disturbed.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm run typecheck` (part of `npm test` and CI) checks the whole project, tests and sandbox
  // included; checking again inside every build only costs time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
