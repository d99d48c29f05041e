import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/server/api/errors";
import { MEDIA_MESSAGES } from "@/lib/media/schemas";
import { parseMediaUpload } from "@/lib/media/server/upload-form";

function multipart(files: { name: string; bytes: Uint8Array }[], extra?: (form: FormData) => void): Request {
  const form = new FormData();
  for (const file of files) form.append("media", new Blob([new Uint8Array(file.bytes)]), file.name);
  extra?.(form);
  return new Request("http://app.test/api/media/upload", { method: "POST", body: form });
}

async function failure(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("parseMediaUpload", () => {
  it("returns every file of the repeated media field with its name and bytes", async () => {
    const files = await parseMediaUpload(
      multipart([
        { name: "a.png", bytes: new Uint8Array([1, 2, 3]) },
        { name: "b.jpg", bytes: new Uint8Array([4]) },
      ]),
    );
    expect(files.map((file) => [file.name, [...file.bytes]])).toEqual([
      ["a.png", [1, 2, 3]],
      ["b.jpg", [4]],
    ]);
  });

  it.each([
    ["JSON", { "Content-Type": "application/json" }, '{"media":"x"}'],
    ["text", { "Content-Type": "text/plain" }, "hello"],
    ["no content type", {}, "hello"],
    ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "hello"],
    ["a broken multipart body", { "Content-Type": "multipart/form-data; boundary=abc" }, "--abc\r\nnot really"],
  ])("answers 400 to %s", async (_label, headers, body) => {
    const error = await failure(parseMediaUpload(new Request("http://app.test/x", { method: "POST", headers, body })));
    expect(error).toMatchObject({ status: 400, message: MEDIA_MESSAGES.notMultipart });
  });

  it("answers 400 when no file is in the media field, or an entry is text", async () => {
    expect(
      await failure(parseMediaUpload(multipart([], (form) => form.append("other", new Blob(["x"]), "x.png")))),
    ).toMatchObject({
      status: 400,
      message: MEDIA_MESSAGES.noFiles,
    });
    expect(await failure(parseMediaUpload(multipart([], (form) => form.append("media", "just text"))))).toMatchObject({
      status: 400,
    });
  });

  it("refuses more than 10 files before reading them", async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, bytes: new Uint8Array([i]) }));
    expect(await failure(parseMediaUpload(multipart(files)))).toMatchObject({
      status: 400,
      message: "You can only upload up to 10 files at once.",
    });
  });

  it("answers 413 when the declared length is over the limit", async () => {
    const request = new Request("http://app.test/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=abc", "Content-Length": String(600 * 1024 * 1024) },
      body: "--abc--",
    });
    expect(await failure(parseMediaUpload(request))).toMatchObject({
      status: 413,
      message: MEDIA_MESSAGES.uploadTooLarge,
    });
  });

  it("answers 413 when a body without a length grows past the limit", async () => {
    const request = multipart([{ name: "a.png", bytes: new Uint8Array(4096) }]);
    expect(await failure(parseMediaUpload(request, 1024))).toMatchObject({ status: 413 });
  });
});
