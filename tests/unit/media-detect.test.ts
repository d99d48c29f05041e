import { describe, expect, it } from "vitest";
import { checkMediaFile, detectMedia, detectMediaFormat, SIZE_LIMITS } from "@/lib/media/server/detect";
import { MEDIA_MESSAGES } from "@/lib/media/schemas";
import {
  aviBytes,
  corruptPngBytes,
  ebmlBytes,
  exeBytes,
  heicBytes,
  imageBytes,
  isoBmffBytes,
  movBytes,
  mp4Bytes,
  oversizedPngBytes,
  pngBytes,
  webmBytes,
} from "../fixtures/media-files";

const ascii = (text: string) => Buffer.from(text, "latin1");

describe("detectMediaFormat (from the bytes only)", () => {
  it.each([
    ["jpeg", () => imageBytes("jpeg", 8, 6)],
    ["png", () => Promise.resolve(pngBytes(3, 2))],
    ["gif", () => imageBytes("gif", 8, 6)],
    ["webp", () => imageBytes("webp", 8, 6)],
  ] as const)("recognises a real %s image", async (format, make) => {
    expect(detectMediaFormat(await make())).toBe(format);
  });

  it.each([
    ["mp4", mp4Bytes()],
    ["mp4 (mp42 brand)", isoBmffBytes("mp42", ["mp42", "isom"])],
    ["mp4 (unknown major brand, mp4 compatible)", isoBmffBytes("abcd", ["isom"])],
    ["mov", movBytes()],
    ["avi", aviBytes()],
    ["webm", webmBytes()],
  ])("recognises %s", (label, bytes) => {
    expect(detectMediaFormat(bytes)).toBe(label.split(" ")[0]);
  });

  it("recognises GIF87a as well as GIF89a", () => {
    expect(detectMediaFormat(ascii("GIF87a\x01\x00\x01\x00"))).toBe("gif");
  });

  it.each([
    ["a Windows executable (MZ)", exeBytes()],
    ["an ELF binary", Buffer.concat([Buffer.from([0x7f]), ascii("ELF"), Buffer.alloc(64)])],
    ["a PDF", ascii("%PDF-1.7\n%âãÏÓ\n1 0 obj")],
    ["HTML", ascii("<!doctype html><script>alert(1)</script>")],
    ["SVG", ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["a ZIP", Buffer.concat([ascii("PK\x03\x04"), Buffer.alloc(64)])],
    ["a WAV (RIFF but not WEBP or AVI)", Buffer.concat([ascii("RIFF\x24\x00\x00\x00WAVEfmt "), Buffer.alloc(32)])],
    ["a HEIC photo (ISO BMFF, image brand)", heicBytes()],
    ["an M4A audio file", isoBmffBytes("M4A ", ["M4A ", "mp42", "isom"])],
    ["an AVIF whose major brand is unknown", isoBmffBytes("abcd", ["avif", "mif1", "isom"])],
    ["a Matroska (.mkv) file", ebmlBytes("matroska")],
    ["an empty file", Buffer.alloc(0)],
    ["a PNG signature cut short", Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ["plain text", ascii("hello, world")],
  ])("refuses %s", (_label, bytes) => {
    expect(detectMediaFormat(bytes)).toBeNull();
  });

  it("does not care what a file is called: the bytes decide", () => {
    // A renamed executable stays an executable; a JPEG named .png is a JPEG.
    expect(checkMediaFile("holiday.png", exeBytes())).toEqual({
      ok: false,
      code: "invalid_file_type",
      message: MEDIA_MESSAGES.invalidType,
    });
    expect(detectMedia(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toMatchObject({
      format: "jpeg",
      mimeType: "image/jpeg",
      extension: "jpg",
    });
  });

  it("maps each format to our type, MIME type and canonical extension", () => {
    expect(detectMedia(pngBytes(1, 1))).toEqual({
      format: "png",
      kind: "image",
      type: "image",
      mimeType: "image/png",
      extension: "png",
    });
    expect(detectMedia(ascii("GIF89a\x01\x00\x01\x00"))).toMatchObject({
      kind: "image",
      type: "gif",
      mimeType: "image/gif",
    });
    expect(detectMedia(movBytes())).toMatchObject({
      kind: "video",
      type: "video",
      mimeType: "video/quicktime",
      extension: "mov",
    });
    expect(detectMedia(aviBytes())).toMatchObject({ mimeType: "video/x-msvideo", extension: "avi" });
    expect(detectMedia(webmBytes())).toMatchObject({ mimeType: "video/webm", extension: "webm" });
  });

  it("calls a file that only starts like a PNG a PNG (decoding is the upload's job)", () => {
    expect(detectMediaFormat(corruptPngBytes())).toBe("png");
  });
});

describe("checkMediaFile size limits", () => {
  it("refuses an image over 10 MB with the exact message", () => {
    expect(checkMediaFile("big.png", oversizedPngBytes())).toEqual({
      ok: false,
      code: "file_too_large",
      message: 'File "big.png" is too large. Maximum size for images is 10 MB.',
    });
  });

  it("counts a GIF as an image (10 MB)", () => {
    const gif = Buffer.concat([ascii("GIF89a"), Buffer.alloc(SIZE_LIMITS.image)]);
    expect(checkMediaFile("anim.gif", gif)).toMatchObject({
      ok: false,
      message: MEDIA_MESSAGES.tooLarge("anim.gif", "images", 10),
    });
  });

  it("allows videos up to 50 MB and refuses bigger ones with the videos message", () => {
    const header = mp4Bytes(0);
    const atLimit = Buffer.concat([header, Buffer.alloc(SIZE_LIMITS.video - header.length)]);
    expect(checkMediaFile("clip.mp4", atLimit)).toMatchObject({ ok: true, media: { format: "mp4" } });
    const over = Buffer.concat([atLimit, Buffer.alloc(1)]);
    expect(checkMediaFile("clip.mp4", over)).toEqual({
      ok: false,
      code: "file_too_large",
      message: 'File "clip.mp4" is too large. Maximum size for videos is 50 MB.',
    });
  });

  it("allows an image of exactly 10 MB", () => {
    const png = pngBytes(1, 1);
    expect(checkMediaFile("ok.png", Buffer.concat([png, Buffer.alloc(SIZE_LIMITS.image - png.length)])).ok).toBe(true);
  });

  it("reports an invalid type before a size problem", () => {
    expect(checkMediaFile("huge.exe", Buffer.concat([exeBytes(), Buffer.alloc(SIZE_LIMITS.video)]))).toMatchObject({
      code: "invalid_file_type",
    });
  });
});
