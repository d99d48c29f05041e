import { NextResponse } from "next/server";

/**
 * Methods a route does not implement, answered in the API's one error shape: 405 with `Allow`,
 * and OPTIONS as 204 with the same `Allow`. Next.js answers them itself with an empty 405 and no
 * `Allow`. Every route file ends with
 *
 *   export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ GET, POST });
 *
 * naming each method it does not export (HEAD too, where it has no GET: Next.js answers HEAD with
 * the GET handler where there is one). tests/integration/security/methods.test.ts checks every route.
 */

export const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type Handler = () => Response;

export function allowHeader(implemented: readonly string[]): string {
  const allow = new Set<string>([...implemented, "OPTIONS"]);
  if (allow.has("GET")) allow.add("HEAD");
  return HTTP_METHODS.filter((method) => allow.has(method)).join(", ");
}

export function otherMethods(implemented: Partial<Record<HttpMethod, unknown>>): Record<HttpMethod, Handler> {
  const allow = allowHeader(Object.keys(implemented));
  const refuse: Handler = () =>
    NextResponse.json(
      { success: false, error: `This address answers ${allow}.`, code: "method_not_allowed" },
      { status: 405, headers: { Allow: allow, "Cache-Control": "no-store" } },
    );
  const options: Handler = () => new NextResponse(null, { status: 204, headers: { Allow: allow } });
  return Object.fromEntries(HTTP_METHODS.map((method) => [method, method === "OPTIONS" ? options : refuse])) as Record<
    HttpMethod,
    Handler
  >;
}
