/**
 * The layers, checked in `npm run lint` (model: langfuse's web/.dependency-cruiser.js).
 *
 *   browser   components/, lib/client/            runs in the browser
 *   shared    lib/<file>.ts, lib/<domain>/<file>.ts, lib/networks/<network>/<file>.ts
 *                                                 contracts, capabilities and pure helpers, both sides
 *   server    lib/server/, lib/<domain>/server/, lib/networks/<network>/server/, db/, workers/
 *
 * Dependencies point one way: app → lib/<domain>/server → lib/networks → lib/server → db;
 * publishing above posts; networks know no domain. tests/unit/layers.test.ts proves each rule on a
 * small fixture.
 */
const SERVER = "^(db|workers)/|^lib/server/|^lib/[^/]+/server/|^lib/networks/[^/]+/server/";
const BROWSER = "^(components|lib/client)/";
const SHARED = "^lib/([^/]+|(?!server/|client/)[^/]+/[^/]+|networks/(?!server/)[^/]+/[^/]+)\\.tsx?$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: modules that need each other are one module, or a third one is missing.",
      // The one exception: a post's chat and a chat's post are foreign keys both ways, which drizzle
      // declares with lazy callbacks (`references(() => posts.id)`), evaluated after both modules load.
      from: { pathNot: "^db/schema/(chats|posts)\\.ts$" },
      to: { circular: true },
    },
    {
      name: "browser-imports-server",
      severity: "error",
      comment: "Browser code reaches the server through lib/client/http.ts, never by importing it.",
      from: { path: BROWSER },
      to: { path: SERVER },
    },
    {
      name: "shared-imports-one-side",
      severity: "error",
      comment: "Shared contracts are imported by both sides, so they import neither.",
      from: { path: SHARED },
      to: { path: [SERVER, BROWSER, "^app/"] },
    },
    {
      name: "network-imports-domain",
      severity: "error",
      comment:
        "Networks (their capabilities and API clients) speak one network's API and know nothing of posts, accounts or the database.",
      from: { path: "^lib/networks/" },
      to: { path: ["^db/", "^lib/(?!server/|networks/)[^/]+/server/", "^lib/server/(api|queue|ops|crypto)/"] },
    },
    {
      name: "posts-imports-publishing",
      severity: "error",
      comment:
        "Publishing sits above posts: it changes posts; posts never call publishing. The one exception is the publish queue's contract: deleting posts removes their jobs.",
      from: { path: "^lib/posts/" },
      to: { path: "^lib/publishing/", pathNot: "^lib/publishing/server/publish-queue\\.ts$" },
    },
    {
      name: "lib-imports-app",
      severity: "error",
      comment: "lib/ is below app/, components/ and workers/.",
      from: { path: "^lib/" },
      to: { path: "^(app|components|workers)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
