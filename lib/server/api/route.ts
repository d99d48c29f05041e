import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { ZodError, type z } from "zod";
import { getSessionUser, type SessionUser } from "@/lib/auth/server/session";
import { isHttps } from "@/lib/server/env";
import { HSTS } from "@/lib/server/http/security-headers";
import type { JsonText } from "@/lib/server/json-text";
import { assertSameOrigin, isJsonContentType } from "./csrf";
import { ApiError, badRequest, forbidden, unauthorized } from "./errors";
import { MAX_JSON_BYTES } from "./limits";
import { can, PERMISSION_MESSAGES, type Permission } from "@/lib/workspaces/roles";
import { WORKSPACE_COOKIE, WORKSPACE_HEADER, type WorkspaceSummary } from "@/lib/workspaces/schemas";
import { resolveWorkspace } from "@/lib/workspaces/server/workspaces";

/**
 * The one wrapper for route handlers: resolves the session, awaits params, runs the handler in one
 * try/catch and maps errors to `{ success: false, error, code }`. Handlers stay thin: parse, call
 * lib/, respond. Unsafe methods from another origin are refused (403) before anything runs (csrf.ts).
 */

interface RouteContext<P> {
  params: Promise<P>;
}

interface HandlerArgs<P> {
  req: NextRequest;
  params: P;
  requestId: string;
}

type Params = Record<string, string | string[]>;

export function withUser<P extends Params = Params>(
  handler: (args: HandlerArgs<P> & { user: SessionUser }) => Promise<Response>,
) {
  return withPublic<P>(async (args) => {
    const user = await getSessionUser();
    if (!user) throw unauthorized();
    return handler({ ...args, user });
  });
}

/**
 * A signed-in member's request in the workspace it names (lib/workspaces/server/workspaces.ts
 * resolveWorkspace): a workspace that is not the person's answers 404, a role without `permission`
 * 403 with the permission's sentence. Handlers scope every read and write by `workspace.id`.
 */
export function withMember<P extends Params = Params>(
  permission: Permission,
  handler: (args: HandlerArgs<P> & { user: SessionUser; workspace: WorkspaceSummary }) => Promise<Response>,
) {
  return withUser<P>(async (args) =>
    handler({ ...args, workspace: await requireMember(args.req, args.user, permission) }),
  );
}

/** The workspace a signed-in person's request works in, refused as withMember refuses it. */
export async function requireMember(req: NextRequest, user: SessionUser, permission: Permission) {
  const workspace = await resolveWorkspace(user.id, requestedWorkspace(req));
  if (!can(workspace.role, permission)) throw forbidden(PERMISSION_MESSAGES[permission]);
  return workspace;
}

/** What a request says of its workspace: the tab's header, and the cookie's last choice. */
export function requestedWorkspace(req: NextRequest) {
  return { named: req.headers.get(WORKSPACE_HEADER), remembered: req.cookies.get(WORKSPACE_COOKIE)?.value };
}

export function withPublic<P extends Params = Params>(handler: (args: HandlerArgs<P>) => Promise<Response>) {
  return async (req: NextRequest, context: RouteContext<P>): Promise<Response> => {
    const requestId = randomUUID();
    let response: Response;
    try {
      assertSameOrigin(req);
      const params = await context.params;
      response = await handler({ req, params, requestId });
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    // The API's other security headers are static (next.config.mjs); this one depends on APP_URL,
    // which the build does not know.
    if (isHttps) response.headers.set("Strict-Transport-Security", HSTS);
    // Answers are a person's own: no browser or shared cache keeps them. A handler serving bytes
    // that may be kept (a medium, lib/media/server/serve.ts) says so itself.
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    return response;
  };
}

/** A success body, as `ok` answers it; a page prefilling the browser's queries hands over the same. */
export function okBody<T extends object>(body: T): { success: true } & T {
  return { success: true, ...body };
}

export function ok<T extends object>(body: T, init?: ResponseInit) {
  return NextResponse.json(okBody(body), init);
}

/**
 * `ok` for a body some of whose members are JSON text already (a page of posts as Postgres wrote
 * it): they are written into the body as they are, never parsed and serialised again.
 */
export function okWithJsonText<T extends object>(body: T, texts: Record<string, JsonText<unknown>>): Response {
  const members = Object.entries(texts).map(([key, text]) => `,${JSON.stringify(key)}:${text}`);
  const json = JSON.stringify(okBody(body));
  return new NextResponse(`${json.slice(0, -1)}${members.join("")}}`, {
    headers: { "content-type": "application/json" },
  });
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) {
    return NextResponse.json(
      { success: false, error: error.message, code: error.code },
      { status: error.status, headers: error.headers },
    );
  }
  if (error instanceof ZodError) {
    return NextResponse.json({ success: false, error: zodMessage(error), code: "bad_request" }, { status: 400 });
  }
  if (isDataException(error)) {
    // PostgreSQL refused a value (class 22: out of range, malformed, unstorable): the input's fault.
    console.warn(`[api] request ${requestId}: a value was refused by the database`, error);
    return NextResponse.json(
      { success: false, error: "The request contains a value that cannot be stored.", code: "bad_request" },
      { status: 400 },
    );
  }
  console.error(`[api] request ${requestId} failed`, error);
  return NextResponse.json(
    { success: false, error: "Something went wrong on our side. Please try again.", code: "internal_error", requestId },
    { status: 500 },
  );
}

function isDataException(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

const NUL_MESSAGE = "Text cannot contain NUL characters.";

/** Text with a NUL character cannot be stored (PostgreSQL refuses it) and is never meant: refuse it up front. */
function refuseNul(key: string, value: unknown): unknown {
  if ((typeof value === "string" && value.includes("\u0000")) || key.includes("\u0000"))
    throw badRequest(NUL_MESSAGE, "invalid_text");
  return value;
}

/** The first issue, as a sentence. Our schemas word their own messages; zod's defaults get the field name. */
function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  const custom = !issue.message.startsWith("Invalid") && !issue.message.startsWith("Too ");
  return custom || !field ? issue.message : `${field}: ${issue.message}`;
}

const tooLarge = () => new ApiError(413, "payload_too_large", "Request body is too large");

/**
 * The body as text, never holding more than `maxBytes`: a declared Content-Length over the limit is
 * refused before a byte is read, and a chunked (or lying) body is cut off as soon as it passes it.
 */
export async function readLimitedText(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Stop reading: the rest of the body is never buffered.
        void reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest("Could not read the request body", "invalid_json");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw badRequest("Request body must be valid JSON", "invalid_json");
  }
}

/** Reads and validates a JSON body; non-JSON (415), oversized (413) or invalid (400) bodies change nothing. */
export async function parseJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.infer<S>> {
  // Not sent as application/json: refused unread. A cross-site form can send text/plain; a script on
  // another site cannot send application/json without a CORS preflight. An empty body needs no type.
  if (!isJsonContentType(req.headers.get("content-type")) && hasBody(req))
    throw new ApiError(
      415,
      "unsupported_media_type",
      "The request body must be JSON (Content-Type: application/json).",
    );
  const text = await readLimitedText(req, maxBytes);
  let body: unknown;
  try {
    body = text === "" ? {} : JSON.parse(text, refuseNul);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest("Request body must be valid JSON", "invalid_json");
  }
  return schema.parse(body);
}

function hasBody(req: Request): boolean {
  const length = req.headers.get("content-length");
  if (length !== null) return length.trim() !== "0";
  return req.headers.has("transfer-encoding") || req.headers.has("content-type");
}

export function parseQuery<S extends z.ZodType>(req: NextRequest, schema: S): z.infer<S> {
  const query = Object.fromEntries(req.nextUrl.searchParams);
  for (const [key, value] of Object.entries(query)) refuseNul(key, value);
  return schema.parse(query);
}
