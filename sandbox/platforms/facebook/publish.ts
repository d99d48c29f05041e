import { runPublish, readFields, type FaultResponses, type RequestFields } from "../../publish";
import {
  findDuplicate,
  findMedia,
  graphObjectId,
  recordMedia,
  recordPost,
  type PublishFault,
} from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import type { IssuedToken } from "../../state";
import { GRAPH, checkGraphToken, graphDate, graphError } from "./graph-auth";
import { facebookState } from "./state";

/**
 * Publishing to a Page: POST /{page-id}/feed, /{page-id}/photos and /{page-id}/videos with that
 * Page's token. Posts are recorded in the shared publish slice; the reads (feed, permalink) are in
 * facebook-feed.ts.
 */

/** Postiz's maxLength for Page posts. */
export const MAX_MESSAGE_LENGTH = 63_206;

export const facebookFaults: FaultResponses = {
  rate_limit: (fault) => pageThrottled(fault),
  server_error: () =>
    graphError({
      message: "An unexpected error has occurred. Please retry your request later.",
      code: 2,
      status: 500,
      transient: true,
    }),
  duplicate: () => duplicateStatus(),
  // Both on the sandbox clock, like the Date the answer carries.
  expired_token: (_fault, now) => {
    const message = `Error validating access token: Session has expired on ${graphDate(now - 60_000)}. The current time is ${graphDate(now)}.`;
    return graphError({ message, code: 190, subcode: 463 });
  },
};

const duplicateStatus = () => graphError({ message: "(#506) Duplicate status message", code: 506 });

/** Code 32 with the usage headers that say when the Page may post again (in minutes). */
function pageThrottled(fault: PublishFault): SandboxResponse {
  const usage = { call_count: 100, total_cputime: 42, total_time: 57 };
  const regain = Math.ceil(fault.resetAfterSeconds / 60);
  const target = fault.target ?? "0";
  return graphError({
    message: "(#32) Page request limit reached",
    code: 32,
    headers: {
      "x-page-usage": JSON.stringify(usage),
      "x-business-use-case-usage": JSON.stringify({
        [target]: [{ type: "pages", ...usage, estimated_time_to_regain_access: regain }],
      }),
    },
  });
}

const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : !["false", "0"].includes(value.toLowerCase());

export const unsupportedPost = (id: string) =>
  graphError({
    message: `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: "GraphMethodException",
    code: 100,
    subcode: 33,
  });

const notPageAdmin = () =>
  graphError({
    message:
      "(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission",
    code: 200,
  });

const readNeedsPermission = () =>
  graphError({
    message:
      "(#10) This endpoint requires the 'pages_read_engagement' permission or the 'Page Public Content Access' feature. Refer to https://developers.facebook.com/docs/apps/review/login-permissions#manage-pages and https://developers.facebook.com/docs/apps/review/feature#reference-PAGES_ACCESS for details.",
    code: 10,
  });

export type PageAuth = { ok: true; token: IssuedToken } | { ok: false; response: SandboxResponse };

/**
 * The token from the Authorization header, the query or the body; publishing needs that Page's own
 * token (a user token, or another Page's, gets #200). `reading` also lets the owner's user token in.
 */
export function pageAuth(ctx: RequestContext, pageId: string, fields: RequestFields | null, reading = false): PageAuth {
  const header = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(ctx.headers.authorization ?? "")?.[1];
  const value = header ?? ctx.query.get("access_token") ?? fields?.values.get("access_token");
  if (!value)
    return {
      ok: false,
      response: graphError({ message: "An access token is required to request this resource.", code: 104 }),
    };
  const auth = checkGraphToken(ctx.store, value);
  if (!auth.ok) return auth;
  const page = ctx.store.slice(facebookState).pages.get(pageId);
  if (!page) return { ok: false, response: reading ? unsupportedGet(pageId) : unsupportedPost(pageId) };
  const { token } = auth;
  const ownPageToken = token.kind === "page" && token.subject === pageId;
  const ownerToken = reading && token.kind === "user" && token.subject === page.ownerId;
  if (!ownPageToken && !ownerToken) return { ok: false, response: notPageAdmin() };
  // Publishing needs both permissions (pages-api/posts; page/videos "Requirements"); reading the
  // feed needs pages_read_engagement, and Graph then answers #10 naming it (pages-api/posts, Get Posts).
  const granted = (permission: string) => token.scopes.includes(permission);
  if (!reading && !(granted("pages_manage_posts") && granted("pages_read_engagement")))
    return { ok: false, response: notPageAdmin() };
  // The token's person must be able to perform the CREATE_CONTENT task on the Page
  // (developers.facebook.com/docs/graph-api/reference/page/videos, Requirements). U: the exact message.
  if (!reading && !page.tasks.includes("CREATE_CONTENT"))
    return {
      ok: false,
      response: graphError({
        message: "(#200) The user does not have the CREATE_CONTENT task on this Page, which publishing requires",
        code: 200,
      }),
    };
  if (reading && !granted("pages_read_engagement")) return { ok: false, response: readNeedsPermission() };
  return { ok: true, token };
}

export const unsupportedGet = (id: string) =>
  graphError({
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: "GraphMethodException",
    code: 100,
    subcode: 33,
  });

const invalidParameter = (message: string) => graphError({ message: `(#100) ${message}`, code: 100 });

/** `attached_media=[{"media_fbid":"…"}]` as JSON, or the form style `attached_media[0]={"media_fbid":"…"}`. */
function attachedMedia(fields: RequestFields): string[] | null {
  const raw: unknown[] = [];
  const whole = fields.values.get("attached_media");
  try {
    if (whole) raw.push(...(JSON.parse(whole) as unknown[]));
    for (const [key, value] of fields.values) if (/^attached_media\[\d+\]$/.test(key)) raw.push(JSON.parse(value));
  } catch {
    return null;
  }
  const ids = raw.map((item) =>
    item && typeof item === "object" ? (item as { media_fbid?: unknown }).media_fbid : item,
  );
  return ids.every((id) => typeof id === "string" || typeof id === "number") ? ids.map(String) : null;
}

/** The common start of a write to a Page: its form fields, the Page token checked, and `published`. */
export async function pageWrite(
  ctx: RequestContext,
): Promise<
  { response: SandboxResponse } | { fields: RequestFields; pageId: string; published: boolean; token: IssuedToken }
> {
  const fields = await readFields(ctx);
  const pageId = ctx.params.id ?? "";
  const auth = pageAuth(ctx, pageId, fields);
  if (!auth.ok) return { response: auth.response };
  return { fields, pageId, published: bool(fields.values.get("published"), true), token: auth.token };
}

async function feedPost(ctx: RequestContext): Promise<SandboxResponse> {
  const request = await pageWrite(ctx);
  if ("response" in request) return request.response;
  const { fields, pageId, published } = request;
  return runPublish(ctx, { platform: "facebook", operation: "post", target: pageId }, facebookFaults, () => {
    const message = fields.values.get("message") ?? "";
    const link = fields.values.get("link") || null;
    const media = attachedMedia(fields);
    if (media === null) return invalidParameter("param attached_media must be an array of {media_fbid}");
    const unknown = media.find((id) => findMedia(ctx.store, "facebook", id)?.owner !== pageId);
    if (unknown !== undefined) return invalidParameter(`param attached_media: ${unknown} is not a photo of this Page`);
    if (!message.trim() && !link && media.length === 0) return invalidParameter("Missing message or attachment.");
    if (message.length > MAX_MESSAGE_LENGTH) return invalidParameter("Param message must be at most 63206 characters");
    if (fields.values.has("scheduled_publish_time") && published)
      return invalidParameter("You cannot specify a scheduled publish time on a published post");
    if (published && findDuplicate(ctx.store, "facebook", pageId, message)) return duplicateStatus();
    const id = `${pageId}_${graphObjectId(ctx.store)}`;
    recordPost(ctx.store, {
      platform: "facebook",
      target: pageId,
      id,
      text: message,
      mediaIds: media,
      link,
      published,
    });
    return json(200, { id });
  });
}

async function photoPost(ctx: RequestContext): Promise<SandboxResponse> {
  const request = await pageWrite(ctx);
  if ("response" in request) return request.response;
  const { fields, pageId, published } = request;
  const operation = published ? "post" : "media";
  return runPublish(ctx, { platform: "facebook", operation, target: pageId }, facebookFaults, () => {
    const source = fields.files.get("source");
    const url = fields.values.get("url");
    if (!source && !url) return graphError({ message: "(#324) Requires upload file", code: 324 });
    if (url && !/^https?:\/\//i.test(url)) return invalidParameter("url should represent a valid URL");
    const caption = fields.values.get("caption") ?? fields.values.get("message") ?? "";
    const photoId = graphObjectId(ctx.store);
    recordMedia(ctx.store, {
      platform: "facebook",
      owner: pageId,
      id: photoId,
      bytes: source?.bytes ?? 0,
      contentType: source?.contentType ?? null,
      uploaded: true,
      uploadKey: null,
    });
    if (!published) return json(200, { id: photoId });
    const postId = `${pageId}_${graphObjectId(ctx.store)}`;
    recordPost(ctx.store, { platform: "facebook", target: pageId, id: postId, text: caption, mediaIds: [photoId] });
    return json(200, { id: photoId, post_id: postId });
  });
}

export function registerFacebookPublish(router: Router): void {
  router.post(`${GRAPH}/:id(\\d+)/feed`, feedPost).post(`${GRAPH}/:id(\\d+)/photos`, photoPost);
}
