import type { IncomingHttpHeaders } from "node:http";
import type { SandboxResponse } from "./responses";
import type { SandboxStore } from "./state";

/**
 * A tiny method + path-pattern router. Patterns are literal segments and parameters:
 *   `:id`               one path segment
 *   `:version(v\d+\.\d+)` a segment that must match the regular expression
 *   `:version(…)?`       the same, but the segment may be absent (Graph accepts unversioned paths)
 * Routes match in registration order, so platforms register specific paths before catch-alls.
 */

export interface RequestContext {
  method: string;
  url: URL;
  /** Decoded path parameters named in the pattern; an absent optional segment is missing. */
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** What the client used to reach us (scheme + host, no trailing slash), e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  store: SandboxStore;
  /** The Graph batch request (numbered per sandbox) this call came in, when it came in one. */
  batch?: number;
  /** Aborted when the client goes away (or the answer has been sent): ends a handler that hangs on purpose. */
  signal: AbortSignal;
  /** The body as bytes (multipart uploads); `text`, `form` and `json` read the same bytes. */
  raw(): Promise<Buffer>;
  text(): Promise<string>;
  /** The body as application/x-www-form-urlencoded (empty when there is none). */
  form(): Promise<URLSearchParams>;
  json(): Promise<unknown>;
}

export type Handler = (ctx: RequestContext) => SandboxResponse | Promise<SandboxResponse>;

interface Route {
  method: string;
  pattern: string;
  regex: RegExp;
  handler: Handler;
}

export type RouteMatch =
  | { kind: "found"; handler: Handler; params: Record<string, string | undefined> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" };

/** Paths remembered at most (then forgotten all at once): enough for every Page of a large test. */
const MAX_MATCHED = 10_000;

const PARAM = /^:([A-Za-z_]\w*)(?:\((.+)\))?(\?)?$/;

function compile(pattern: string): RegExp {
  if (!pattern.startsWith("/")) throw new Error(`Route pattern must start with "/": ${pattern}`);
  const parts = pattern
    .slice(1)
    .split("/")
    .map((segment) => {
      const param = PARAM.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      const [, name, constraint, optional] = param;
      const group = `/(?<${name}>${constraint ?? "[^/]+"})`;
      return optional ? `(?:${group})?` : group;
    });
  // A trailing slash is tolerated: clients differ on it and the real hosts do not care.
  return new RegExp(`^${parts.join("")}/?$`);
}

export class Router {
  private readonly routes: Route[] = [];
  /**
   * Answers by method and path: a platform's publishing calls repeat the same few paths (one per
   * Page), and trying every route's pattern in turn was a fifth of the sandbox's time under load.
   */
  private readonly matched = new Map<string, RouteMatch>();

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method: method.toUpperCase(), pattern, regex: compile(pattern), handler });
    this.matched.clear();
    return this;
  }

  get(pattern: string, handler: Handler): this {
    return this.add("GET", pattern, handler);
  }

  post(pattern: string, handler: Handler): this {
    return this.add("POST", pattern, handler);
  }

  put(pattern: string, handler: Handler): this {
    return this.add("PUT", pattern, handler);
  }

  delete(pattern: string, handler: Handler): this {
    return this.add("DELETE", pattern, handler);
  }

  match(method: string, pathname: string): RouteMatch {
    const key = `${method.toUpperCase()} ${pathname}`;
    const known = this.matched.get(key);
    if (known) return known.kind === "found" ? { ...known, params: { ...known.params } } : known;
    const found = this.search(method, pathname);
    if (this.matched.size >= MAX_MATCHED) this.matched.clear();
    this.matched.set(key, found);
    return found.kind === "found" ? { ...found, params: { ...found.params } } : found;
  }

  private search(method: string, pathname: string): RouteMatch {
    const allowed: string[] = [];
    // HEAD is answered like GET (the server drops the body), as any HTTP server would.
    const wanted = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
    for (const route of this.routes) {
      const found = route.regex.exec(pathname);
      if (!found) continue;
      if (route.method !== wanted) {
        allowed.push(route.method);
        continue;
      }
      return { kind: "found", handler: route.handler, params: decodeParams(found.groups ?? {}) };
    }
    return allowed.length > 0 ? { kind: "method-not-allowed", allowed: [...new Set(allowed)] } : { kind: "not-found" };
  }

  /** Method and pattern of every route, for the state dump and for debugging a 404. */
  list(): string[] {
    return this.routes.map((route) => `${route.method} ${route.pattern}`);
  }
}

function decodeParams(groups: Record<string, string | undefined>): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(groups)) {
    params[name] = value === undefined ? undefined : safeDecode(value);
  }
  return params;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * One platform (or shared concern) of the sandbox. `register` runs once per server instance, so
 * anything created there (a signing key, say) belongs to that instance alone.
 */
export interface SandboxModule {
  name: string;
  register(router: Router, store: SandboxStore): void;
}
