import { describe, expect, it } from "vitest";
import { checkMediaForPlatform, type MediaFacts } from "@/lib/networks/media";

const MB = 1024 * 1024;
const image = (overrides: Partial<MediaFacts> = {}): MediaFacts => ({
  type: "image",
  mimeType: "image/jpeg",
  size: 2 * MB,
  width: 1200,
  height: 630,
  ...overrides,
});
const video = (overrides: Partial<MediaFacts> = {}): MediaFacts => ({
  type: "video",
  mimeType: "video/mp4",
  size: 20 * MB,
  width: null,
  height: null,
  ...overrides,
});

describe("checkMediaForPlatform", () => {
  it("accepts a 2 MB JPEG everywhere without warnings", () => {
    for (const platform of ["twitter", "linkedin", "facebook"] as const) {
      expect(checkMediaForPlatform(image(), platform)).toEqual({ valid: true, errors: [], warnings: [] });
    }
  });

  it("applies each platform's image size limit (X 5 MB, LinkedIn 5 MB, Facebook 4 MB)", () => {
    const sixMb = image({ size: 6 * MB });
    expect(checkMediaForPlatform(sixMb, "twitter")).toMatchObject({
      valid: false,
      errors: ["X accepts images up to 5 MB; this file is 6 MB."],
    });
    expect(checkMediaForPlatform(sixMb, "linkedin").valid).toBe(false);
    expect(checkMediaForPlatform(image({ size: 4.5 * MB }), "facebook")).toMatchObject({
      valid: false,
      errors: ["Facebook accepts images up to 4 MB; this file is 4.5 MB."],
    });
    expect(checkMediaForPlatform(image({ size: 4.5 * MB }), "twitter").valid).toBe(true);
  });

  it("allows GIFs up to 15 MB on X", () => {
    const gif = image({ type: "gif", mimeType: "image/gif", size: 8 * MB });
    const result = checkMediaForPlatform(gif, "twitter");
    expect(result.valid).toBe(true);
    expect(result.warnings).toContain("A post on X can carry up to 4 images, or a single video or GIF.");
  });

  it("refuses WebP images on LinkedIn, naming what it accepts", () => {
    expect(checkMediaForPlatform(image({ mimeType: "image/webp" }), "linkedin")).toMatchObject({
      valid: false,
      errors: ["LinkedIn does not accept this file type. LinkedIn accepts images in JPEG, PNG or GIF."],
    });
  });

  it("refuses images over LinkedIn's pixel limit", () => {
    expect(checkMediaForPlatform(image({ width: 8000, height: 5000 }), "linkedin").errors[0]).toMatch(
      /36,152,320 pixels; this one is 8000 × 5000/,
    );
  });

  it("accepts MP4 video everywhere, with a note on length", () => {
    for (const platform of ["twitter", "linkedin", "facebook"] as const) {
      const result = checkMediaForPlatform(video(), platform);
      expect(result.valid, platform).toBe(true);
      expect(result.warnings.length, platform).toBeGreaterThan(0);
    }
  });

  it("refuses WebM and AVI on X and LinkedIn; Facebook takes them with a warning", () => {
    const webm = video({ mimeType: "video/webm" });
    expect(checkMediaForPlatform(webm, "twitter").errors).toEqual([
      "X does not accept this file type. X accepts videos in MP4 or MOV.",
    ]);
    expect(checkMediaForPlatform(video({ mimeType: "video/x-msvideo" }), "linkedin").errors).toEqual([
      "LinkedIn does not accept this file type. LinkedIn accepts videos in MP4.",
    ]);
    const facebook = checkMediaForPlatform(webm, "facebook");
    expect(facebook.valid).toBe(true);
    expect(facebook.warnings).toContain("Facebook recommends MP4 or MOV videos; this one may be converted or refused.");
  });

  it("refuses videos under LinkedIn's 75 KB minimum", () => {
    expect(checkMediaForPlatform(video({ size: 10 * 1024 }), "linkedin").errors).toEqual([
      "LinkedIn needs videos of at least 75 KB; this file is 10 KB.",
    ]);
  });

  it("warns about tiny images", () => {
    expect(checkMediaForPlatform(image({ width: 120, height: 80 }), "facebook")).toMatchObject({
      valid: true,
      warnings: ["The image is 120 × 80 pixels; below 200 pixels on a side it may look blurry on Facebook."],
    });
  });
});
