import { randomBytes } from "node:crypto";
import { runPublish, type FaultResponses } from "../../publish";
import { findDuplicate, findMedia, findUpload, postsOf, recordMedia, recordPost, snowflake } from "../../publish-state";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { authenticateLinkedIn } from "./api";
import { throttled, withLinkedInDailyLimit } from "./limits";
import { scopeProblem } from "./scopes";
import { videoStatus } from "./video-processing";
import { isActiveVersion, versionLabel } from "./versions";

/**
 * The Posts API under /linkedin/api/rest: POST /rest/posts (201, empty body, x-restli-id),
 * GET /rest/posts?q=author for recovery lookups, and the Images API (initializeUpload, then a PUT
 * of the bytes to the upload URL). Every /rest call needs LinkedIn-Version and Rest.li 2.0.0.
 */

const MAX_COMMENTARY = 3000;
const VISIBILITIES = ["PUBLIC", "CONNECTIONS", "LOGGED_IN", "CONTAINER"];
const UPLOAD_URL_LIFETIME_MS = 24 * 3600 * 1000;
export const UPLOADS = "/linkedin/www/dms-uploads";

export const badRequest = (message: string, code = "ILLEGAL_ARGUMENT") => json(400, { status: 400, code, message });

const unprocessable = (message: string, description: string, code: string, fieldPath?: string) =>
  json(422, {
    errorDetailType: "com.linkedin.common.error.BadRequest",
    message,
    errorDetails: { inputErrors: [{ description, input: fieldPath ? { inputPath: { fieldPath } } : {}, code }] },
    status: 422,
  });

const duplicatePost = (urn: string) =>
  unprocessable(
    `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${urn}`,
    "Duplicate post is detected",
    "DUPLICATE_POST",
  );

export const notAllowed = (message: string) =>
  json(403, { status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED", message });

export const linkedinFaults: FaultResponses = {
  rate_limit: () => throttled("APPLICATION"),
  server_error: () => json(500, { message: "Internal Server Error", status: 500 }),
  // A made-up original: the fault says "duplicate" whatever was posted before.
  duplicate: (fault) => duplicatePost(`urn:li:share:7${String(fault.id).padStart(18, "0")}`),
  expired_token: () => json(401, { serviceErrorCode: 65600, message: "Invalid access token", status: 401 }),
};

/** An active LinkedIn-Version (see versions.ts) and X-Restli-Protocol-Version: 2.0.0, or the answer LinkedIn gives. */
export function restHeadersProblem(ctx: RequestContext): SandboxResponse | null {
  const version = ctx.headers["linkedin-version"];
  if (typeof version !== "string" || version === "")
    return badRequest(
      "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
      "VERSION_MISSING",
    );
  if (!isActiveVersion(version, ctx.store.now()))
    return json(426, {
      status: 426,
      code: "NONEXISTENT_VERSION",
      message: `Requested version ${versionLabel(version)} is not active`,
    });
  if (ctx.headers["x-restli-protocol-version"] !== "2.0.0")
    return badRequest("The X-Restli-Protocol-Version header must be 2.0.0 for this resource");
  return null;
}

/** How LinkedIn names a versioned resource in its 403s: `partnerApiPostsExternal.CREATE.20250101`. */
export const restResource = (ctx: RequestContext, resource: string) =>
  `${resource}.${versionLabel(String(ctx.headers["linkedin-version"] ?? ""))}`;

export const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The image URNs a post's `content` refers to (`media` or `multiImage`); null when it is malformed. */
function contentImages(content: unknown): string[] | null {
  if (content === undefined) return [];
  const object = asObject(content);
  const media = asObject(object?.media);
  if (media) return typeof media.id === "string" ? [media.id] : null;
  const multi = asObject(object?.multiImage);
  if (multi && Array.isArray(multi.images)) {
    const ids = multi.images.map((image) => asObject(image)?.id);
    return ids.every((id): id is string => typeof id === "string") ? ids : null;
  }
  return asObject(object?.article) ? [] : null;
}

async function createPost(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  const headers = restHeadersProblem(ctx);
  if (headers) return headers;
  const sub = auth.token.subject;
  const denied = scopeProblem(auth.token, "w_member_social", restResource(ctx, "partnerApiPostsExternal.CREATE"));
  if (denied) return denied;
  const body = asObject(await ctx.json()) ?? {};
  const call = { platform: "linkedin", operation: "post", target: sub } as const;
  return runPublish(ctx, call, linkedinFaults, () =>
    withLinkedInDailyLimit(ctx, "posts.create", auth.token, () => {
      const field = (path: string, description: string) =>
        unprocessable(`Field /${path} is invalid: ${description}`, description, "INVALID_VALUE", `/${path}`);
      if (typeof body.author !== "string") return field("author", "author is required");
      if (body.author !== `urn:li:person:${sub}`) return notAllowed(`Member is not allowed to post as ${body.author}`);
      if (typeof body.commentary !== "string") return field("commentary", "commentary is required");
      if (body.commentary.length > MAX_COMMENTARY)
        return field("commentary", "commentary is longer than 3000 characters");
      if (!VISIBILITIES.includes(String(body.visibility)))
        return field("visibility", "visibility is not a valid value");
      if (typeof asObject(body.distribution)?.feedDistribution !== "string")
        return field("distribution", "distribution.feedDistribution is required");
      if (body.lifecycleState !== "PUBLISHED") return field("lifecycleState", "only PUBLISHED is supported");
      const images = contentImages(body.content);
      if (images === null) return field("content", "content is not a valid media, multiImage or article");
      const media = images.map((urn) => findMedia(ctx.store, "linkedin", urn));
      if (media.some((item) => !item?.uploaded)) return field("content", "the image has not been uploaded");
      // Stricter than LinkedIn is known to be: a video is usable once processed, never before.
      const unready = media.find(
        (item) => item?.kind === "video" && videoStatus(ctx.store, item).status !== "AVAILABLE",
      );
      if (unready)
        return field(
          "content/media/id",
          `the video ${unready.id} is ${videoStatus(ctx.store, unready).status}, not AVAILABLE`,
        );
      const duplicate = findDuplicate(ctx.store, "linkedin", sub, body.commentary);
      if (duplicate) return duplicatePost(duplicate.id);
      const urn = `urn:li:share:${snowflake(ctx.store)}`;
      const article = asObject(asObject(body.content)?.article);
      const link = typeof article?.source === "string" ? article.source : null;
      recordPost(ctx.store, {
        platform: "linkedin",
        target: sub,
        id: urn,
        text: body.commentary,
        mediaIds: images,
        link,
      });
      return { status: 201, headers: { "x-restli-id": urn, "x-linkedin-id": urn }, body: "" };
    }),
  );
}

async function postsByAuthor(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  const headers = restHeadersProblem(ctx);
  if (headers) return headers;
  if (ctx.query.get("q") !== "author") return badRequest("Query parameter q must be author");
  // Reading a member's posts is r_member_social, a restricted permission most apps never get.
  const denied = scopeProblem(
    auth.token,
    "r_member_social",
    restResource(ctx, "partnerApiPostsExternal.FINDER-author"),
  );
  if (denied) return denied;
  const author = ctx.query.get("author") ?? "";
  const sub = auth.token.subject;
  if (author !== `urn:li:person:${sub}`) return notAllowed(`Not enough permissions to read the posts of ${author}`);
  const count = Number(ctx.query.get("count") ?? 10);
  const start = Number(ctx.query.get("start") ?? 0);
  if (!Number.isInteger(count) || count < 0 || count > 100 || !Number.isInteger(start) || start < 0)
    return badRequest("count must be 0–100 and start ≥ 0");
  return runPublish(ctx, { platform: "linkedin", operation: "lookup", target: sub }, linkedinFaults, () => {
    const all = postsOf(ctx.store, "linkedin", sub);
    const elements = all.slice(start, start + count).map((post) => ({
      id: post.id,
      author,
      commentary: post.text,
      visibility: "PUBLIC",
      lifecycleState: "PUBLISHED",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      isReshareDisabledByAuthor: false,
      createdAt: post.createdAtMs,
      publishedAt: post.createdAtMs,
      lastModifiedAt: post.createdAtMs,
      ...(post.mediaIds.length === 1 ? { content: { media: { id: post.mediaIds[0] } } } : {}),
      ...(post.mediaIds.length > 1 ? { content: { multiImage: { images: post.mediaIds.map((id) => ({ id })) } } } : {}),
    }));
    return json(200, { elements, paging: { start, count, links: [], total: all.length } });
  });
}

async function initializeUpload(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  const headers = restHeadersProblem(ctx);
  if (headers) return headers;
  if (ctx.query.get("action") !== "initializeUpload")
    return badRequest("Unsupported action; use action=initializeUpload");
  const denied = scopeProblem(auth.token, "w_member_social", restResource(ctx, "images.ACTION-initializeUpload"));
  if (denied) return denied;
  const sub = auth.token.subject;
  const request = asObject(asObject(await ctx.json())?.initializeUploadRequest);
  return runPublish(ctx, { platform: "linkedin", operation: "media", target: sub }, linkedinFaults, () => {
    if (typeof request?.owner !== "string") return badRequest("initializeUploadRequest.owner is required");
    if (request.owner !== `urn:li:person:${sub}`)
      return notAllowed(`Member may not upload images for ${request.owner}`);
    const image = `urn:li:image:D4E10AQ${randomBytes(9).toString("base64url")}`;
    const uploadKey = randomBytes(18).toString("base64url");
    recordMedia(ctx.store, {
      platform: "linkedin",
      owner: sub,
      id: image,
      bytes: 0,
      contentType: null,
      uploaded: false,
      uploadKey,
      kind: "image",
    });
    return json(200, {
      value: {
        uploadUrlExpiresAt: ctx.store.now() + UPLOAD_URL_LIFETIME_MS,
        uploadUrl: `${ctx.baseUrl}${UPLOADS}/${uploadKey}`,
        image,
      },
    });
  });
}

/** PUT {uploadUrl}: the raw bytes, with the same member's Bearer token. */
async function uploadBytes(ctx: RequestContext): Promise<SandboxResponse> {
  const auth = authenticateLinkedIn(ctx);
  if (!auth.ok) return auth.response;
  const denied = scopeProblem(auth.token, "w_member_social", "images.UPLOAD");
  if (denied) return denied;
  const sub = auth.token.subject;
  const image = findUpload(ctx.store, ctx.params.key ?? "");
  if (!image) return json(404, { status: 404, message: "Upload URL not found" });
  if (image.owner !== sub) return notAllowed("This upload URL belongs to another member");
  const bytes = await ctx.raw();
  return runPublish(ctx, { platform: "linkedin", operation: "media", target: sub }, linkedinFaults, () => {
    if (bytes.length === 0) return badRequest("The upload is empty");
    image.bytes = bytes.length;
    image.contentType = ctx.headers["content-type"] ?? null;
    image.uploaded = true;
    return { status: 201, headers: {}, body: "" };
  });
}

export function registerLinkedInPublish(router: Router): void {
  router
    .post("/linkedin/api/rest/posts", createPost)
    .get("/linkedin/api/rest/posts", postsByAuthor)
    .post("/linkedin/api/rest/images", initializeUpload)
    .put(`${UPLOADS}/:key`, uploadBytes);
}
