/**
 * JSON text of a known shape that is passed on as it is, e.g. a page of posts as Postgres wrote it
 * (lib/posts/server/queries.ts): the type says what parsing it gives, so the text is not mixed up
 * with any other string or another shape's text.
 */

declare const shape: unique symbol;

export type JsonText<T> = string & { readonly [shape]: T };

export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}
