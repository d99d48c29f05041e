import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest, type SigV4Credentials } from "./sigv4";
import { assertStorageKey } from "./filenames";
import type { ByteRange, MediaStorage, StoredObject } from "./storage";

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2…) over plain fetch with
 * SigV4, path-style addressing. Configured by one URL:
 *   MEDIA_S3_URL=https://ACCESS_KEY_ID:SECRET_ACCESS_KEY@s3.eu-west-2.amazonaws.com/bucket[/prefix]?region=eu-west-2
 */

export interface S3Config {
  /** Origin of the service, e.g. https://s3.eu-west-2.amazonaws.com */
  endpoint: string;
  bucket: string;
  /** Key prefix inside the bucket ("" for none), without leading or trailing slash. */
  prefix: string;
  credentials: SigV4Credentials;
}

export function parseS3Url(value: string): S3Config {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("MEDIA_S3_URL must be a URL like https://KEY:SECRET@host/bucket?region=us-east-1");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error("MEDIA_S3_URL must start with https:// (or http:// for a local server)");
  const [bucket, ...prefix] = url.pathname.split("/").filter(Boolean);
  if (!bucket) throw new Error("MEDIA_S3_URL must name the bucket as the first path segment");
  if (!url.username || !url.password)
    throw new Error("MEDIA_S3_URL must carry the access key id and secret as user:password (percent-encoded)");
  return {
    endpoint: url.origin,
    bucket,
    prefix: prefix.join("/"),
    credentials: {
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
      region: url.searchParams.get("region") || "us-east-1",
      service: "s3",
    },
  };
}

const REQUEST_TIMEOUT_MS = 60_000;

export class S3Storage implements MediaStorage {
  constructor(private readonly config: S3Config) {}

  private objectUrl(key: string): URL {
    assertStorageKey(key);
    const path = [this.config.bucket, ...this.config.prefix.split("/").filter(Boolean), ...key.split("/")]
      .map(encodeURIComponent)
      .join("/");
    return new URL(`${this.config.endpoint}/${path}`);
  }

  private async send(
    method: string,
    key: string,
    options: { body?: Uint8Array; headers?: Record<string, string>; unsigned?: Record<string, string> } = {},
  ) {
    const url = this.objectUrl(key);
    const payloadHash = options.body ? sha256Hex(options.body) : EMPTY_PAYLOAD_HASH;
    const signed = signRequest(
      { method, url, headers: options.headers, payloadHash, date: new Date() },
      this.config.credentials,
    );
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`S3 ${method} timed out`)), REQUEST_TIMEOUT_MS);
    try {
      // Only the wait for the response headers is bounded; a long download must not be cut off.
      return await fetch(url, {
        method,
        headers: { ...options.unsigned, ...signed },
        body: options.body as BodyInit | undefined,
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private async fail(method: string, key: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => "");
    throw new Error(`S3 ${method} ${key} answered ${response.status}: ${text.slice(0, 300)}`);
  }

  async put(key: string, bytes: Uint8Array, contentType = "application/octet-stream"): Promise<void> {
    const response = await this.send("PUT", key, { body: bytes, unsigned: { "content-type": contentType } });
    if (!response.ok) await this.fail("PUT", key, response);
    await response.body?.cancel();
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const headers = range ? { range: `bytes=${range.start}-${range.end}` } : undefined;
    const response = await this.send("GET", key, { headers });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) await this.fail("GET", key, response);
    return { body: response.body!, size: Number(response.headers.get("content-length") ?? 0) };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send("DELETE", key);
    if (!response.ok && response.status !== 404) await this.fail("DELETE", key, response);
    await response.body?.cancel();
  }
}
