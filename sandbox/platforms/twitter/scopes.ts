/**
 * The OAuth 2.0 scopes each X API operation demands of a user token: the `security`
 * (`OAuth2UserToken`) of the operation in X's OpenAPI spec (xdevplatform/xdk specs/openapi.json,
 * info.version 2.167; the same in docs.x.com's openapi.json). Keyed by method and the spec's path
 * template; tests/integration/sandbox/x-contract.test.ts compares this table with the spec and
 * checks that each route refuses a token missing any one of them.
 */
export const X_OPERATION_SCOPES = {
  "POST /2/tweets": ["tweet.read", "tweet.write", "users.read"],
  "GET /2/tweets": ["tweet.read", "users.read"],
  "GET /2/users/me": ["tweet.read", "users.read"],
  "GET /2/users/{id}/tweets": ["tweet.read", "users.read"],
  "POST /2/media/upload": ["media.write"],
  "GET /2/media/upload": ["media.write"],
  "POST /2/media/upload/initialize": ["media.write"],
  "POST /2/media/upload/{id}/append": ["media.write"],
  "POST /2/media/upload/{id}/finalize": ["media.write"],
} as const satisfies Record<string, readonly string[]>;

export type XOperation = keyof typeof X_OPERATION_SCOPES;
