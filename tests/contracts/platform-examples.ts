/**
 * Request and response examples of the platform calls we make, written from each platform's own
 * documentation (the `source` of each). tests/integration/sandbox/contracts.test.ts replays them to
 * our clients (do they read what the platform really sends?) and compares the sandbox's answers with
 * them (does our stand-in answer in the platform's shapes?). Ids and texts are the documentation's.
 */

export interface ContractExample {
  name: string;
  source: string;
  request: { method: "GET" | "POST" | "PUT"; path: string };
  response: { status: number; headers?: Record<string, string>; body: unknown };
}

export const facebookExamples = {
  feedPost: {
    name: "Graph: publish a Page post",
    source: "https://developers.facebook.com/docs/pages-api/posts (Publish a Post: response)",
    request: { method: "POST", path: "/{page-id}/feed" },
    response: { status: 200, body: { id: "546349135390552_1116689175023209" } },
  },
  expiredToken: {
    name: "Graph: an expired access token",
    source:
      "https://developers.facebook.com/docs/graph-api/guides/error-handling (Sample error response; code 190, subcode 463)",
    request: { method: "POST", path: "/{page-id}/feed" },
    response: {
      status: 400,
      body: {
        error: {
          message: "Error validating access token: Session has expired on Wednesday, 14-Feb-24 18:00:00 PST.",
          type: "OAuthException",
          code: 190,
          error_subcode: 463,
          fbtrace_id: "EJplcsCHuLu",
        },
      },
    },
  },
  permissions: {
    name: "Graph: the permissions a person granted and declined",
    source:
      "https://developers.facebook.com/docs/facebook-login/guides/permissions/request-revoke (Checking permissions)",
    request: { method: "GET", path: "/me/permissions" },
    response: {
      status: 200,
      body: {
        data: [
          { permission: "public_profile", status: "granted" },
          { permission: "pages_manage_posts", status: "declined" },
        ],
      },
    },
  },
  uploadSession: {
    name: "Graph: start a Resumable Upload session",
    source: "https://developers.facebook.com/docs/graph-api/guides/upload (Step 1: Start an upload session)",
    request: { method: "POST", path: "/{app-id}/uploads?file_name=&file_length=&file_type=video/mp4" },
    response: {
      status: 200,
      body: {
        id: "upload:MTphdHRhY2htZW50Ojlk2mJiZxUwLWV6MDUtNDIwMy05yTA3LWQ4ZDPmZGFkNTM0NT8=?sig=ARZqkGCA_uQMxC8nHKI",
      },
    },
  },
  uploadHandle: {
    name: "Graph: the bytes of an upload session, answered with the file handle",
    source:
      "https://developers.facebook.com/docs/graph-api/guides/upload (Step 2: Start the upload; headers Authorization: OAuth, file_offset)",
    request: { method: "POST", path: "/upload:{session}" },
    response: {
      status: 200,
      body: { h: "2:c2FtcGxlLm1wNA==:video/mp4:GKAj0gAUCZmJ1voFADip2iIAAAAAbugbAAAA:e:1472075513:ARZ_3ybzrQqEaluMUdI" },
    },
  },
  uploadOffset: {
    name: "Graph: where an interrupted upload resumes",
    source:
      "https://developers.facebook.com/docs/graph-api/guides/upload (Resume an interrupted upload: GET upload:{session})",
    request: { method: "GET", path: "/upload:{session}" },
    response: {
      status: 200,
      body: {
        id: "upload:MTphdHRhY2htZW50Ojlk2mJiZxUwLWV6MDUtNDIwMy05yTA3LWQ4ZDPmZGFkNTM0NT8=?sig=ARZqkGCA_uQMxC8nHKI",
        file_offset: 0,
      },
    },
  },
  graphVideo: {
    name: "Graph: publish a Page video with the upload's handle",
    source:
      "https://developers.facebook.com/docs/video-api/guides/publishing (Publish a video: POST graph-video.facebook.com/{page-id}/videos with fbuploader_video_file_chunk; the answer is the video's id only)",
    request: { method: "POST", path: "/{page-id}/videos" },
    response: { status: 200, body: { id: "1104185267099870" } },
  },
  videoProcessing: {
    name: "Graph: a video still being processed",
    source:
      "https://developers.facebook.com/docs/video-api/guides/reels-publishing (Get the status of an upload) and https://developers.facebook.com/docs/graph-api/reference/video-status (video_status, uploading/processing/publishing phases)",
    request: { method: "GET", path: "/{video-id}?fields=status,post_id,permalink_url" },
    response: {
      status: 200,
      body: {
        status: {
          video_status: "processing",
          uploading_phase: { status: "complete", bytes_transferred: 37006904 },
          processing_phase: { status: "in_progress" },
          publishing_phase: { status: "not_started" },
        },
        permalink_url: "/546349135390552/videos/1104185267099870/",
        id: "1104185267099870",
      },
    },
  },
  videoReady: {
    name: "Graph: a processed, published video with its story's id",
    source:
      "https://developers.facebook.com/docs/graph-api/reference/video (fields post_id, permalink_url, status) and https://developers.facebook.com/docs/graph-api/reference/video-status (video_status ready; publishing_phase publish_status)",
    request: { method: "GET", path: "/{video-id}?fields=status,post_id,permalink_url" },
    response: {
      status: 200,
      body: {
        status: {
          video_status: "ready",
          uploading_phase: { status: "complete", bytes_transferred: 37006904 },
          processing_phase: { status: "complete" },
          publishing_phase: { status: "complete", publish_status: "published" },
        },
        post_id: "546349135390552_1116689175023209",
        permalink_url: "/546349135390552/videos/1104185267099870/",
        id: "1104185267099870",
      },
    },
  },
  videoError: {
    name: "Graph: a video Facebook could not process",
    source:
      "https://developers.facebook.com/docs/graph-api/reference/video-status (video_status error; processing_phase errors with code and message)",
    request: { method: "GET", path: "/{video-id}?fields=status,post_id,permalink_url" },
    response: {
      status: 200,
      body: {
        status: {
          video_status: "error",
          uploading_phase: { status: "complete" },
          processing_phase: {
            status: "error",
            errors: [{ code: 1363008, message: "The video's audio track cannot be decoded." }],
          },
          publishing_phase: { status: "not_started" },
        },
        id: "1104185267099870",
      },
    },
  },
} satisfies Record<string, ContractExample>;

export const twitterExamples = {
  createPost: {
    name: "X: create a Post",
    source: "https://docs.x.com/x-api/posts/creation-of-a-post (Example response)",
    request: { method: "POST", path: "/2/tweets" },
    response: {
      status: 201,
      body: { data: { id: "1445880548472328192", text: "Are you excited for the weekend?" } },
    },
  },
  duplicate: {
    name: "X: a duplicate Post",
    source: "https://docs.x.com/x-api/fundamentals/response-codes-and-errors (403 Forbidden; problem details)",
    request: { method: "POST", path: "/2/tweets" },
    response: {
      status: 403,
      headers: { "content-type": "application/problem+json" },
      body: {
        detail: "You are not allowed to create a Tweet with duplicate content.",
        type: "about:blank",
        title: "Forbidden",
        status: 403,
      },
    },
  },
  rateLimited: {
    name: "X: too many requests",
    source: "https://docs.x.com/x-api/fundamentals/rate-limits (x-rate-limit-* headers; 429)",
    request: { method: "POST", path: "/2/tweets" },
    response: {
      status: 429,
      headers: { "x-rate-limit-limit": "17", "x-rate-limit-remaining": "0", "x-rate-limit-reset": "4102444800" },
      body: { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 },
    },
  },
} satisfies Record<string, ContractExample>;

export const linkedinExamples = {
  createPost: {
    name: "LinkedIn: create a post",
    source:
      "https://learn.microsoft.com/linkedin/marketing/community-management/shares/posts-api (Create a post: 201, id in x-restli-id)",
    request: { method: "POST", path: "/rest/posts" },
    response: { status: 201, headers: { "x-restli-id": "urn:li:share:6844785523593134080" }, body: null },
  },
  duplicate: {
    name: "LinkedIn: a duplicate post",
    source: "Arisamiga/Linkedin-RSS#5 (422 DUPLICATE_POST as LinkedIn answers it)",
    request: { method: "POST", path: "/rest/posts" },
    response: {
      status: 422,
      body: {
        errorDetailType: "com.linkedin.common.error.BadRequest",
        message:
          "ERROR :: /commentary :: BadRequestResponseException: Content is a duplicate of urn:li:share:7123456789012345678",
        errorDetails: {
          inputErrors: [{ description: "Duplicate post is detected", input: {}, code: "DUPLICATE_POST" }],
        },
        status: 422,
      },
    },
  },
  sunsetVersion: {
    name: "LinkedIn: a sunset API version",
    source: "https://learn.microsoft.com/linkedin/marketing/versioning; body as reported in n8n-io/n8n#14737",
    request: { method: "POST", path: "/rest/posts" },
    response: {
      status: 426,
      body: { status: 426, code: "NONEXISTENT_VERSION", message: "Requested version 20250101 is not active" },
    },
  },
  videoProcessing: {
    name: "LinkedIn: a video still being processed",
    source:
      "https://learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api (Get a Video: GET /rest/videos/{encoded video urn}; fields owner, id, status; status PROCESSING until AVAILABLE)",
    request: { method: "GET", path: "/rest/videos/{video-urn}" },
    response: {
      status: 200,
      body: { owner: "urn:li:person:8675309", id: "urn:li:video:C5F10AQGKQg_6y2a4sQ", status: "PROCESSING" },
    },
  },
  videoAvailable: {
    name: "LinkedIn: a processed video, ready for a post",
    source:
      "https://learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api (Get a Video; status AVAILABLE: the video may be used in a post)",
    request: { method: "GET", path: "/rest/videos/{video-urn}" },
    response: {
      status: 200,
      body: { owner: "urn:li:person:8675309", id: "urn:li:video:C5F10AQGKQg_6y2a4sQ", status: "AVAILABLE" },
    },
  },
  expiredToken: {
    name: "LinkedIn: an invalid or expired token",
    source:
      "https://learn.microsoft.com/linkedin/shared/authentication/token-introspection (401; serviceErrorCode 65600)",
    request: { method: "POST", path: "/rest/posts" },
    response: { status: 401, body: { serviceErrorCode: 65600, message: "Invalid access token", status: 401 } },
  },
} satisfies Record<string, ContractExample>;

/** The shape of a JSON value: the keys of objects (recursively) and the type of every leaf. */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  return value === null ? "null" : typeof value;
}
