import { ApiError, badRequest } from "@/lib/server/api/errors";
import { MB } from "@/lib/media/schemas";
import { MEDIA_MAX_FILES, MEDIA_MESSAGES, VIDEO_MAX_MB } from "@/lib/media/schemas";
import type { UploadFile } from "./service";

/**
 * Reads the files of a multipart upload (repeated field "media"), like parseJson does for JSON:
 * a body that is not multipart, cannot be parsed or is over the whole-upload limit answers 400 or
 * 413 before any file is looked at.
 */

/** Ten of the largest files plus room for the multipart framing. */
export const MAX_UPLOAD_BYTES = MEDIA_MAX_FILES * VIDEO_MAX_MB * MB + MB;

const tooLarge = () => new ApiError(413, "payload_too_large", MEDIA_MESSAGES.uploadTooLarge);

class BodyTooLarge extends Error {}

/** The body, cut off with an error once it passes the limit (a missing or lying Content-Length). */
function limited(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * `beforeRead` runs once the headers are found sound and before a byte of the body is read (the
 * upload route checks the declared size against the plan's storage there).
 */
export async function parseMediaUpload(
  req: Request,
  maxBytes = MAX_UPLOAD_BYTES,
  beforeRead?: () => Promise<void>,
): Promise<UploadFile[]> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType))
    throw badRequest(MEDIA_MESSAGES.notMultipart, "not_multipart");
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  await beforeRead?.();
  if (!req.body) throw badRequest(MEDIA_MESSAGES.noFiles, "no_files");

  let form: FormData;
  try {
    form = await new Response(limited(req.body, maxBytes), { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    if (error instanceof BodyTooLarge || (error instanceof Error && error.cause instanceof BodyTooLarge))
      throw tooLarge();
    throw badRequest(MEDIA_MESSAGES.notMultipart, "not_multipart");
  }

  const entries = form.getAll("media");
  if (entries.length === 0) throw badRequest(MEDIA_MESSAGES.noFiles, "no_files");
  if (entries.length > MEDIA_MAX_FILES) throw badRequest(MEDIA_MESSAGES.tooMany(MEDIA_MAX_FILES), "too_many_files");
  const files: UploadFile[] = [];
  for (const entry of entries) {
    if (typeof entry === "string") throw badRequest(MEDIA_MESSAGES.notMultipart, "not_multipart");
    files.push({ name: entry.name, bytes: new Uint8Array(await entry.arrayBuffer()) });
  }
  return files;
}
