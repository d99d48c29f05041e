// The whole schema: drizzle-kit reads it for migrations and db/index.ts passes it to drizzle for
// `db.query.*`. One file per aggregate; relations live in relations.ts.
export * from "./auth";
export * from "./workspaces";
export * from "./social";
export * from "./posts";
export * from "./media";
export * from "./chats";
export * from "./billing";
export * from "./metrics";
export * from "./ops";
export * from "./activity";
export * from "./approvals";
export * from "./queues";
export * from "./relations";
