import { randomBytes } from "node:crypto";
import { z } from "zod";
import { findClient } from "../../oauth";
import { runPublish } from "../../publish";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { GRAPH, checkGraphToken, graphError } from "./graph-auth";
import { facebookFaults } from "./publish";
import { facebookVideoState, type UploadSession } from "./video-state";

/**
 * The Resumable Upload API (developers.facebook.com/docs/graph-api/resumable-upload-api, and its
 * copy in developers.facebook.com/docs/video-api/guides/publishing):
 *   1. POST /{app-id}/uploads?file_name&file_length&file_type with a user access token of that app
 *      → {id:"upload:<session>"}
 *   2. POST /upload:<session> with `Authorization: OAuth <user token>`, a `file_offset` header and
 *      the raw bytes → {h:"<file handle>"} once the file is whole
 *   3. after an interruption, GET /upload:<session> (same header) → {id, file_offset}: send the
 *      rest from there.
 * The handle is then published on a Page: POST /{page-id}/videos fbuploader_video_file_chunk=<h>.
 */

/** The documented file_type values; nothing else starts a session. */
const FILE_TYPES = ["application/pdf", "image/jpeg", "image/jpg", "image/png", "video/mp4"];

const invalidParameter = (message: string) => graphError({ message: `(#100) ${message}`, code: 100 });

/** Step 2 and 3 take the token only as `Authorization: OAuth <token>` (the documented form). */
function oauthHeaderToken(ctx: RequestContext) {
  const value = /^OAuth\s+(\S+)$/i.exec(ctx.headers.authorization ?? "")?.[1];
  if (!value)
    return {
      ok: false as const,
      response: graphError({
        message: "An access token is required to request this resource. Send it as `Authorization: OAuth <token>`.",
        code: 104,
      }),
    };
  return checkGraphToken(ctx.store, value);
}

async function startSession(ctx: RequestContext): Promise<SandboxResponse> {
  const appId = ctx.params.appId ?? "";
  const value =
    /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(ctx.headers.authorization ?? "")?.[1] ?? ctx.query.get("access_token");
  if (!value) return graphError({ message: "An access token is required to request this resource.", code: 104 });
  const auth = checkGraphToken(ctx.store, value);
  if (!auth.ok) return auth.response;
  const { token } = auth;
  if (!findClient("facebook", appId))
    return graphError({
      message: `Unsupported post request. Object with ID '${appId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      type: "GraphMethodException",
      code: 100,
      subcode: 33,
    });
  // A session belongs to an app and one of its users: a Page token or another app's token is refused.
  if (token.kind !== "user" || token.clientId !== appId)
    return graphError({ message: "(#200) Upload sessions need a user access token issued to this app", code: 200 });
  return runPublish(ctx, { platform: "facebook", operation: "media", target: token.subject }, facebookFaults, () => {
    const fileName = ctx.query.get("file_name") ?? "";
    const fileLength = Number(ctx.query.get("file_length"));
    const fileType = ctx.query.get("file_type") ?? "";
    if (!fileName.trim()) return invalidParameter("The parameter file_name is required");
    if (!Number.isInteger(fileLength) || fileLength <= 0)
      return invalidParameter("The parameter file_length must be a positive integer");
    if (!FILE_TYPES.includes(fileType))
      return invalidParameter(`Param file_type must be one of {${FILE_TYPES.join(", ")}}`);
    const id = `upload:${randomBytes(18).toString("base64url")}`;
    const session: UploadSession = {
      id,
      appId,
      userId: token.subject,
      fileName,
      fileLength,
      fileType,
      offset: 0,
      handle: null,
      chunks: [],
    };
    ctx.store.slice(facebookVideoState).sessions.set(id, session);
    return json(200, { id });
  });
}

/** The caller's own session, or Graph's answer for an id it cannot see. */
function ownSession(ctx: RequestContext, userId: string): UploadSession | null {
  const session = ctx.store.slice(facebookVideoState).sessions.get(ctx.params.session ?? "");
  return session && session.userId === userId ? session : null;
}

const unknownSession = (ctx: RequestContext) =>
  graphError({
    message: `Unsupported request. Upload session '${ctx.params.session ?? ""}' does not exist or does not belong to this user.`,
    type: "GraphMethodException",
    code: 100,
    subcode: 33,
  });

async function upload(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = oauthHeaderToken(ctx);
  if (!auth.ok) return auth.response;
  const userId = auth.token.subject;
  const bytes = await ctx.raw();
  return runPublish(ctx, { platform: "facebook", operation: "media", target: userId }, facebookFaults, () => {
    const session = ownSession(ctx, userId);
    if (!session || auth.token.kind !== "user") return unknownSession(ctx);
    const offsetHeader = ctx.headers.file_offset;
    const offset = Number(Array.isArray(offsetHeader) ? offsetHeader[0] : offsetHeader);
    if (offsetHeader === undefined || !Number.isInteger(offset) || offset < 0)
      return invalidParameter("The file_offset header must be a non-negative integer");
    if (offset !== session.offset)
      return invalidParameter(
        `file_offset ${offset} does not match the upload session's offset ${session.offset}: resume from ${session.offset}`,
      );
    if (offset + bytes.length > session.fileLength)
      return invalidParameter(`The upload is longer than the file_length ${session.fileLength} the session announced`);
    const state = ctx.store.slice(facebookVideoState);
    const interruptAfter = state.interruptNext.get(userId);
    if (interruptAfter !== undefined && interruptAfter < bytes.length) {
      // The connection broke mid-upload: what arrived is kept, the client gets no answer.
      state.interruptNext.delete(userId);
      session.offset += interruptAfter;
      session.chunks.push(interruptAfter);
      return { ...json(200, {}), drop: true };
    }
    session.offset += bytes.length;
    session.chunks.push(bytes.length);
    if (session.offset < session.fileLength) return json(200, { id: session.id, file_offset: session.offset });
    session.handle ??= `4:${Buffer.from(`${session.fileName}:${randomBytes(9).toString("hex")}`).toString("base64url")}`;
    ctx.store.slice(facebookVideoState).handles.set(session.handle, session);
    return json(200, { h: session.handle });
  });
}

async function status(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = oauthHeaderToken(ctx);
  if (!auth.ok) return auth.response;
  const session = ownSession(ctx, auth.token.subject);
  if (!session) return unknownSession(ctx);
  return json(200, { id: session.id, file_offset: session.offset });
}

const interruptSchema = z.object({ afterBytes: z.number().int().nonnegative() });

/** POST /_control/facebook/users/:userId/interrupt-next-upload {afterBytes}: that user's next upload request breaks off. */
async function interruptNextUpload(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = interruptSchema.safeParse(await ctx.json());
  if (!parsed.success)
    return json(400, { error: "invalid_request", message: "afterBytes: a non-negative integer is required" });
  const userId = ctx.params.userId ?? "";
  ctx.store.slice(facebookVideoState).interruptNext.set(userId, parsed.data.afterBytes);
  return json(200, { userId, afterBytes: parsed.data.afterBytes });
}

export function registerFacebookUploads(router: Router): void {
  const session = ":session(upload:[\\w.:%=-]+)";
  router
    .post(`${GRAPH}/${session}`, upload)
    .get(`${GRAPH}/${session}`, status)
    .post(`${GRAPH}/:appId/uploads`, startSession)
    .post("/_control/facebook/users/:userId/interrupt-next-upload", interruptNextUpload);
}
