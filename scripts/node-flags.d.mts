/** Types of node-flags.mjs (plain JavaScript, so that scripts/up.mjs runs it without a build). */
export declare const WEB_NODE_FLAGS: readonly string[];
export declare const WORKER_NODE_FLAGS: readonly string[];
export declare const NEXT_START_FLAGS: readonly string[];
