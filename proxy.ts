import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/server/env";
import {
  API_CONTENT_SECURITY_POLICY,
  commonSecurityHeaders,
  hasMalformedPercentEncoding,
  newNonce,
  pageContentSecurityPolicy,
  type SecurityHeaderOptions,
} from "@/lib/server/http/security-headers";

/**
 * Pages: the security headers with a fresh script nonce per request. API paths with a percent
 * sign: the one refusal Next.js cannot leave to our handlers, since a path that does not
 * percent-decode fails inside Next's route matching (a 500) before any handler runs. Kept small on
 * purpose: no database, no Redis, no sessions (those stay in the route wrapper).
 */

const options: SecurityHeaderOptions = {
  https: env.APP_URL.startsWith("https://"),
  development: env.NODE_ENV === "development",
  extraImageOrigins: [new URL(env.SANDBOX_URL).origin],
};
const common = commonSecurityHeaders(options);

/** What a page answers (the app has no server actions, which would POST to pages). */
const PAGE_METHODS = new Set(["GET", "HEAD"]);
const PAGE_ALLOW = "GET, HEAD, OPTIONS";

/** A path no page has: the rewrite renders app/not-found.tsx with status 404. */
const NOT_FOUND_PATH = "/_malformed-path";

function withHeaders<R extends Response>(response: R, policy: string): R {
  for (const [name, value] of Object.entries(common)) response.headers.set(name, value);
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const malformed = hasMalformedPercentEncoding(pathname);

  if (pathname === "/api" || pathname.startsWith("/api/")) {
    if (!malformed) return NextResponse.next();
    const body = { success: false, error: "The address contains invalid percent-encoding.", code: "bad_request" };
    return withHeaders(NextResponse.json(body, { status: 400 }), API_CONTENT_SECURITY_POLICY);
  }

  // A page is only read: without this, Next.js answers a POST, PUT or DELETE to one with its HTML.
  if (!PAGE_METHODS.has(request.method)) {
    const headers = { Allow: PAGE_ALLOW, "Cache-Control": "no-store" };
    const response =
      request.method === "OPTIONS"
        ? new NextResponse(null, { status: 204, headers })
        : NextResponse.json(
            { success: false, error: `This address answers ${PAGE_ALLOW}.`, code: "method_not_allowed" },
            { status: 405, headers },
          );
    return withHeaders(response, API_CONTENT_SECURITY_POLICY);
  }

  // Next.js reads the nonce from the request's policy and puts it on its own scripts (we have no
  // inline script of our own).
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy(nonce, options);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = malformed
    ? NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  return withHeaders(response, policy);
}

export const config = {
  matcher: [
    // Every page; static assets are files without scripts and keep their own caching.
    "/((?!api/|api$|_next/static|_next/image|favicon.ico).*)",
    // API paths only when they hold a percent sign: elsewhere the proxy would make Next.js buffer
    // request bodies before our limits apply (see next.config.mjs).
    "/api/(.*%.*)",
  ],
};
