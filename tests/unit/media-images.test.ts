import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageInspectionError, inspectImage } from "@/lib/media/server/images";
import { corruptPngBytes, imageBytes, pngBytes, pngClaimingSize } from "../fixtures/media-files";

describe("inspectImage", () => {
  it.each(["jpeg", "png", "gif", "webp"] as const)(
    "reads the size of a %s and makes a WebP thumbnail of at most 320 px",
    async (format) => {
      const result = await inspectImage(await imageBytes(format, 800, 400), format);
      expect(result).toMatchObject({ width: 800, height: 400 });
      const thumbnail = await sharp(result.thumbnail).metadata();
      expect(thumbnail).toMatchObject({ format: "webp", width: 320, height: 160 });
    },
  );

  it("does not enlarge small images", async () => {
    const result = await inspectImage(pngBytes(40, 30), "png");
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it("reports width and height as displayed for a rotated JPEG (EXIF orientation 6)", async () => {
    const rotated = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#888" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await inspectImage(rotated, "jpeg");
    expect(result).toMatchObject({ width: 20, height: 60 });
  });

  it("refuses a file that only starts like a PNG", async () => {
    await expect(inspectImage(corruptPngBytes(), "png")).rejects.toEqual(new ImageInspectionError("unreadable"));
  });

  it("refuses bytes whose real format differs from the detected one", async () => {
    await expect(inspectImage(await imageBytes("jpeg", 10, 10), "png")).rejects.toBeInstanceOf(ImageInspectionError);
  });

  it("refuses an image over 50 megapixels without decoding it", async () => {
    // A few hundred bytes claiming 10000 × 6000: decoding it would need 180 MB.
    await expect(inspectImage(pngClaimingSize(10_000, 6_000), "png")).rejects.toEqual(
      new ImageInspectionError("too_many_pixels"),
    );
  });
});
