/**
 * The security headers of every response, pages and API alike. Pure: the proxy
 * passes the nonce and the few settings, so the policy can be unit-tested.
 */

export interface SecurityHeaderOptions {
  /** APP_URL is https: HSTS is sent and insecure subresource URLs are upgraded. */
  https: boolean;
  /** `next dev` only: React rebuilds server error stacks with eval there. Never in production. */
  development: boolean;
  /** Origins images may come from besides our own (the platform sandbox's profile pictures). */
  extraImageOrigins?: string[];
}

/** Sent only when APP_URL is https: over http it would mean nothing, and localhost must stay usable. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** Headers every response carries, whatever its kind. */
export function commonSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    // For browsers that predate CSP's frame-ancestors.
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ...(options.https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/**
 * A page's policy. Scripts run only with this request's nonce (Next.js puts it on its own scripts
 * when it finds it in the request's policy; 'strict-dynamic' lets them load their chunks). Styles
 * allow inline: Radix and sonner position things with style attributes and a <style> tag they
 * insert at run time, and a nonce in style-src would switch 'unsafe-inline' off.
 * Profile pictures come from the platforms' CDNs, hence https: images.
 */
export function pageContentSecurityPolicy(nonce: string, options: SecurityHeaderOptions): string {
  const images = ["'self'", "data:", "blob:", "https:", ...(options.extraImageOrigins ?? [])];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(" ")}`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * The API's policy: JSON and files are never documents to render, so they may load nothing and run
 * nothing (the same policy media files have always set for themselves).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** A fresh nonce per page request: 16 random bytes, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * True when a path has a percent sign that does not decode (`%C0%AF`, `%ED%A0%80`, `abc%FF`): Next.js
 * would fail on it while matching a dynamic segment, before any of our code runs.
 */
export function hasMalformedPercentEncoding(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
