import { describe, expect, it } from "vitest";
import {
  API_CONTENT_SECURITY_POLICY,
  commonSecurityHeaders,
  hasMalformedPercentEncoding,
  newNonce,
  pageContentSecurityPolicy,
} from "@/lib/server/http/security-headers";

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? "";

describe("security headers", () => {
  it("HSTS only when the app is served over https", () => {
    expect(commonSecurityHeaders({ https: true, development: false })["Strict-Transport-Security"]).toMatch(
      /^max-age=\d{8,}/,
    );
    expect(commonSecurityHeaders({ https: false, development: false })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("pages: scripts by nonce only, eval only in development, never framed", () => {
    const production = pageContentSecurityPolicy("abc123==", { https: false, development: false });
    expect(directive(production, "script-src")).toBe("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(directive(production, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(production, "object-src")).toBe("object-src 'none'");
    expect(production).not.toContain("upgrade-insecure-requests");
    const development = pageContentSecurityPolicy("abc123==", { https: false, development: true });
    expect(directive(development, "script-src")).toContain("'unsafe-eval'");
    expect(pageContentSecurityPolicy("n", { https: true, development: false })).toContain("upgrade-insecure-requests");
  });

  it("style-src has no nonce, which would switch off the 'unsafe-inline' Radix and sonner need", () => {
    const policy = pageContentSecurityPolicy("abc", { https: false, development: false });
    expect(directive(policy, "style-src")).toBe("style-src 'self' 'unsafe-inline'");
  });

  it("extra image origins (the sandbox) are allowed for images only", () => {
    const policy = pageContentSecurityPolicy("n", {
      https: false,
      development: false,
      extraImageOrigins: ["http://127.0.0.1:4010"],
    });
    expect(directive(policy, "img-src")).toContain("http://127.0.0.1:4010");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
  });

  it("the API loads and runs nothing", () => {
    expect(API_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(API_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it("nonces are fresh base64 of 16 bytes", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it.each([
    ["/api/post/%C0%AF", true],
    ["/api/post/%ED%A0%80", true],
    ["/api/post/abc%FF", true],
    ["/api/post/%", true],
    ["/api/post/%zz", true],
    ["/api/post/abc", false],
    ["/api/media/files/a%20b.png", false],
    ["/api/post/%E2%82%AC", false],
  ])("%s malformed: %s", (path, malformed) => {
    expect(hasMalformedPercentEncoding(path)).toBe(malformed);
  });
});
