import { http, HttpError, type HttpClient } from "@/lib/client/http";
import {
  IMAGE_MAX_MB,
  MB,
  MEDIA_MAX_FILES,
  MEDIA_MESSAGES,
  VIDEO_MAX_MB,
  type MediaItem,
  type MediaType,
} from "@/lib/media/constants";

/** The browser's calls to /api/media (spec section 7, "Media") and the checks made before an upload. */

export const SESSION_EXPIRED_MESSAGE = "Session expired. Please sign in again.";
export const UPLOAD_FAILED_MESSAGE = "Upload failed";
export const UPLOAD_NETWORK_MESSAGE = "Failed to upload media";

const IMAGE_EXTENSIONS = ["jpeg", "jpg", "png", "gif", "webp"];
const VIDEO_EXTENSIONS = ["mp4", "mov", "avi", "webm"];
const IMAGE_MIME_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"];
const VIDEO_MIME_TYPES = [
  "video/mp4",
  "video/quicktime",
  "video/x-msvideo",
  "video/avi",
  "video/msvideo",
  "video/webm",
];
/** For file inputs: what the server accepts. */
export const MEDIA_ACCEPT = [
  ...IMAGE_MIME_TYPES,
  ...VIDEO_MIME_TYPES,
  ...IMAGE_EXTENSIONS.map((e) => `.${e}`),
  ...VIDEO_EXTENSIONS.map((e) => `.${e}`),
].join(",");

function fileKind(file: { name: string; type: string }): "image" | "video" | null {
  const type = file.type.toLowerCase();
  if (IMAGE_MIME_TYPES.includes(type)) return "image";
  if (VIDEO_MIME_TYPES.includes(type)) return "video";
  // Some browsers leave `type` empty (or generic) for .mov/.avi: fall back on the extension.
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (IMAGE_EXTENSIONS.includes(extension)) return "image";
  if (VIDEO_EXTENSIONS.includes(extension)) return "video";
  return null;
}

/** The spec's upload rules checked before anything is sent; the first problem's message, or null. */
export function validateMediaFiles(files: readonly { name: string; type: string; size: number }[]): string | null {
  if (files.length > MEDIA_MAX_FILES) return MEDIA_MESSAGES.tooMany(MEDIA_MAX_FILES);
  for (const file of files) {
    const kind = fileKind(file);
    if (!kind) return MEDIA_MESSAGES.invalidType;
    const maxMb = kind === "image" ? IMAGE_MAX_MB : VIDEO_MAX_MB;
    if (file.size > maxMb * MB)
      return MEDIA_MESSAGES.tooLarge(file.name, kind === "image" ? "images" : "videos", maxMb);
  }
  return null;
}

export function isVideo(item: { type: MediaType }): boolean {
  return item.type === "video";
}

/** Spec: images (gifs included) and videos cannot be mixed in one post. */
export function hasMixedMedia(items: readonly { type: MediaType }[]): boolean {
  return items.some(isVideo) && items.some((item) => !isVideo(item));
}

export async function listMedia(client: HttpClient = http): Promise<MediaItem[]> {
  const response = await client.get<{ success: true; data: MediaItem[] }>("/media/user");
  return response.data ?? [];
}

export function deleteMedia(filename: string, client: HttpClient = http) {
  return client.delete<{ success: true; message?: string }>(`/media/${encodeURIComponent(filename)}`);
}

function uploadErrorMessage(status: number, body: unknown): string {
  if (status === 401) return SESSION_EXPIRED_MESSAGE;
  if (status >= 500) return "Server error. Please try again later.";
  if (status === 429) return "Too many requests";
  const error = body && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
  return typeof error === "string" && error ? error : UPLOAD_FAILED_MESSAGE;
}

/**
 * POST /api/media/upload (multipart, repeated field `media`) through XMLHttpRequest, because fetch
 * cannot report upload progress. `onProgress` receives 0-100. A 401 is not refreshed: the caller
 * shows SESSION_EXPIRED_MESSAGE and sends the user to /login (spec section 7).
 */
export function uploadMedia(
  files: readonly File[],
  onProgress?: (percent: number) => void,
  options: { signal?: AbortSignal; url?: string } = {},
): Promise<MediaItem[]> {
  return new Promise<MediaItem[]>((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append("media", file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open("POST", options.url ?? "/api/media/upload");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        const data = body && typeof body === "object" ? (body as { data?: unknown }).data : undefined;
        resolve(Array.isArray(data) ? (data as MediaItem[]) : []);
        return;
      }
      const code = body && typeof body === "object" ? (body as { code?: unknown }).code : undefined;
      reject(
        new HttpError(uploadErrorMessage(xhr.status, body), xhr.status, typeof code === "string" ? code : undefined),
      );
    };
    xhr.onerror = () => reject(new HttpError(UPLOAD_NETWORK_MESSAGE, 0, "network_error"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    onProgress?.(0);
    xhr.send(form);
  });
}
