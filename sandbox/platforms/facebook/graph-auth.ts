import { randomBytes } from "node:crypto";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext } from "../../router";
import type { IssuedToken, SandboxStore } from "../../state";

/**
 * What every Graph call shares: the version segment, the error body and reading the access token.
 * The publishing endpoints (facebook-publish.ts) build on these.
 */

/** graph.facebook.com/v20.0/… and the unversioned graph.facebook.com/… (Auth.js uses the latter). */
export const VERSION = ":version(v\\d+\\.\\d+)?";
export const GRAPH = `/facebook/graph/${VERSION}`;
export const WWW = `/facebook/www/${VERSION}`;

export interface GraphErrorFields {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
  status?: number;
  /** Graph's `is_transient: true` on errors worth retrying. */
  transient?: boolean;
  /** Extra response headers (the usage headers of a throttle error). */
  headers?: Record<string, string>;
}

/** {"error":{message,type,code,error_subcode,fbtrace_id}}, HTTP 400 unless told otherwise. */
export function graphError({
  message,
  code,
  subcode,
  type = "OAuthException",
  status = 400,
  transient,
  headers: extraHeaders = {},
}: GraphErrorFields): SandboxResponse {
  const error = {
    message,
    type,
    code,
    ...(subcode === undefined ? {} : { error_subcode: subcode }),
    ...(transient === undefined ? {} : { is_transient: transient }),
    fbtrace_id: randomBytes(8).toString("base64url").slice(0, 11),
  };
  const headers: Record<string, string> = { ...extraHeaders };
  // Graph names the broken token in a header too; some clients look there first.
  if (code === 190)
    headers["www-authenticate"] = `OAuth "Facebook Platform" "invalid_token" "${message.replace(/"/g, "'")}"`;
  return json(status, { error }, headers);
}

/** Graph's Date format in 463 messages: "Tuesday, 02-Jul-24 10:00:00 UTC". */
export function graphDate(ms: number): string {
  const date = new Date(ms);
  const weekday = date.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
  const month = date.toLocaleDateString("en-US", { month: "short", timeZone: "UTC" });
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${weekday}, ${pad(date.getUTCDate())}-${month}-${pad(date.getUTCFullYear() % 100)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/** The token from `access_token` (query or form body) or an `Authorization: Bearer|OAuth` header. */
export async function graphTokenValue(ctx: RequestContext): Promise<string | undefined> {
  const header = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(ctx.headers.authorization ?? "");
  if (header?.[1]) return header[1];
  const fromQuery = ctx.query.get("access_token");
  if (fromQuery) return fromQuery;
  if (ctx.method === "POST") return (await ctx.form()).get("access_token") ?? undefined;
  return undefined;
}

export type GraphAuth = { ok: true; token: IssuedToken } | { ok: false; response: SandboxResponse };

/** The caller's token, or the error Graph gives when it is missing or no longer valid. */
export async function authenticateGraph(ctx: RequestContext, missingTokenCode: 2500 | 104 = 104): Promise<GraphAuth> {
  const value = await graphTokenValue(ctx);
  if (!value) {
    const message =
      missingTokenCode === 2500
        ? "An active access token must be used to query information about the current user."
        : "An access token is required to request this resource.";
    return { ok: false, response: graphError({ message, code: missingTokenCode }) };
  }
  return checkGraphToken(ctx.store, value);
}

/** Graph's verdict on a token: code 190 with a subcode saying why it no longer works. */
export function checkGraphToken(store: SandboxStore, value: string): GraphAuth {
  const check = store.checkToken(value, "facebook");
  switch (check.status) {
    case "valid":
      return { ok: true, token: check.token };
    case "expired": {
      const expiredAt = check.token.expiresAt ?? store.now();
      const message = `Error validating access token: Session has expired on ${graphDate(expiredAt)}. The current time is ${graphDate(store.now())}.`;
      return { ok: false, response: graphError({ message, code: 190, subcode: 463 }) };
    }
    case "revoked": {
      const message =
        "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.";
      return { ok: false, response: graphError({ message, code: 190, subcode: 460 }) };
    }
    case "unknown":
      return {
        ok: false,
        response: graphError({ message: "Invalid OAuth access token - Cannot parse access token", code: 190 }),
      };
  }
}

/** Top-level names from `fields=id,name,picture{url},accounts.limit(5)`; null when absent. */
export function requestedFields(ctx: RequestContext): string[] | null {
  const value = ctx.query.get("fields");
  if (!value) return null;
  const names: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of value) {
    if (char === "{" || char === "(") depth += 1;
    if (char === "}" || char === ")") depth -= 1;
    if (char === "," && depth === 0) {
      names.push(current);
      current = "";
    } else current += char;
  }
  names.push(current);
  return names.map((name) => /^[A-Za-z_]\w*/.exec(name.trim())?.[0] ?? "").filter(Boolean);
}

/** Graph answers with the fields asked for (plus id), or the node's default fields. */
export function pickFields(
  all: Record<string, unknown>,
  fields: string[] | null,
  defaults: string[],
): Record<string, unknown> {
  const wanted = fields ? ["id", ...fields] : defaults;
  const picked: Record<string, unknown> = {};
  for (const name of wanted) if (all[name] !== undefined) picked[name] = all[name];
  return picked;
}

export function pictureField(url: string): {
  data: { height: number; is_silhouette: boolean; url: string; width: number };
} {
  return { data: { height: 50, is_silhouette: false, url, width: 50 } };
}
