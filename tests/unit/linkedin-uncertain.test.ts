import { describe, expect, it } from "vitest";
import type { PublishMedia } from "@/lib/networks/server/types";

/**
 * Deciding an uncertain LinkedIn page without reading posts back: the 422 DUPLICATE_POST names the
 * post already there (body as reported in Arisamiga/Linkedin-RSS#5), and a copy is sent only when
 * LinkedIn's duplicate check would catch it. The modules read the environment when they load.
 */

async function modules() {
  process.env.AUTH_SECRET ??= "unit-tests-secret-unit-tests-secret-unit";
  process.env.TOKEN_ENCRYPTION_KEY ??= Buffer.alloc(32, 3).toString("base64");
  const linkedin = await import("@/lib/networks/linkedin/server");
  const doubt = await import("@/lib/publishing/server/doubt");
  return { ...linkedin, ...doubt };
}

const duplicateBody = (message: string) => ({
  errorDetailType: "com.linkedin.common.error.BadRequest",
  message,
  errorDetails: { inputErrors: [{ description: "Duplicate post is detected", input: {}, code: "DUPLICATE_POST" }] },
  status: 422,
});

describe("LinkedIn's duplicate refusal", () => {
  it("names the post already there, which then counts as the one that went out", async () => {
    const { linkedinError, duplicateVerdict } = await modules();
    const error = linkedinError({
      status: 422,
      headers: new Headers(),
      body: duplicateBody(
        "com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of urn:li:share:7141138937766391808",
      ),
    });
    expect(error.kind).toBe("duplicate");
    expect(error.details.existingPostId).toBe("urn:li:share:7141138937766391808");
    expect(duplicateVerdict(error)).toEqual({ existingPostId: "urn:li:share:7141138937766391808" });
  });

  it("without a URN, or any other refusal, decides nothing", async () => {
    const { linkedinError, duplicateVerdict } = await modules();
    const vague = linkedinError({ status: 422, headers: new Headers(), body: duplicateBody("Duplicate post") });
    expect(vague.kind).toBe("duplicate");
    expect(vague.details.existingPostId).toBeUndefined();
    expect(duplicateVerdict(vague)).toHaveProperty("problem");
    const denied = linkedinError({
      status: 403,
      headers: new Headers(),
      body: { status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED", message: "Not enough permissions" },
    });
    expect(duplicateVerdict(denied)).toHaveProperty("problem");
  });

  it("the lookup is offered only to a token granted r_member_social", async () => {
    const { linkedin } = await modules();
    expect(linkedin.canFindRecentPost?.(["openid", "profile", "email", "w_member_social"])).toBe(false);
    expect(linkedin.canFindRecentPost?.(["openid", "w_member_social", "r_member_social"])).toBe(true);
  });
});

describe("sending a copy of an uncertain attempt", () => {
  const sentAt = new Date("2026-11-25T10:00:00Z");
  const sent = { sentText: "Hello", sentAt };
  const image = { kind: "image" } as PublishMedia;

  it("is safe for the same text, without media, within the duplicate window", async () => {
    const { repostProblem } = await modules();
    expect(repostProblem(sent, "Hello", [], new Date("2026-11-25T10:05:00Z"))).toBeNull();
    expect(repostProblem(sent, "Hello", [], new Date("2026-11-26T05:59:00Z"))).toBeNull();
  });

  it("is not safe once edited, too long after, or with media", async () => {
    const { repostProblem } = await modules();
    expect(repostProblem(sent, "Hello!", [], new Date("2026-11-25T10:05:00Z"))).toMatch(/edited/);
    expect(repostProblem(sent, "Hello", [], new Date("2026-11-26T06:01:00Z"))).toMatch(/too long ago/);
    expect(repostProblem(sent, "Hello", [image], new Date("2026-11-25T10:05:00Z"))).toMatch(/media/);
    expect(repostProblem({ sentText: "Hello", sentAt: null }, "Hello", [], new Date())).not.toBeNull();
  });
});
