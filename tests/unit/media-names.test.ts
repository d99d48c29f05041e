import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  assertStorageKey,
  displayFilename,
  isStoredFilename,
  newStoredName,
  workspaceFolder,
} from "@/lib/media/server/filenames";
import { parseRange } from "@/lib/media/server/range";
import { LocalDiskStorage } from "@/lib/media/server/storage";

describe("stored filenames", () => {
  it("generates 32 random hex digits plus our extension, and accepts exactly that shape", () => {
    const a = newStoredName("png");
    const b = newStoredName("png");
    expect(a.filename).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(a.thumbnailName).toBe(`${a.id}.thumb.webp`);
    expect(a.filename).not.toBe(b.filename);
    expect(isStoredFilename(a.filename)).toBe(true);
    expect(isStoredFilename(newStoredName("mov").filename)).toBe(true);
  });

  it.each([
    "../../x",
    "..%2F..%2Fx",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/etc/passwd",
    "C:\\Windows\\win.ini",
    "0123456789abcdef0123456789abcdef.exe",
    "0123456789abcdef0123456789abcdef.png/../../x",
    "0123456789ABCDEF0123456789ABCDEF.png",
    "0123456789abcdef0123456789abcdef.thumb.webp",
    "0123456789abcdef0123456789abcde.png",
    "0123456789abcdef0123456789abcdef.png\n",
    "0123456789abcdef0123456789abcdef.png\u0000.txt",
    "",
  ])("refuses %j", (name) => {
    expect(isStoredFilename(name)).toBe(false);
  });

  it("refuses workspace ids that are not plain identifiers as folders", () => {
    expect(workspaceFolder("0b6f1c1e-8a9b-4c1e-9d2f-3a4b5c6d7e8f")).toBe(
      "workspaces/0b6f1c1e-8a9b-4c1e-9d2f-3a4b5c6d7e8f",
    );
    for (const bad of ["../admin", "a/b", "", "x".repeat(65)]) expect(() => workspaceFolder(bad)).toThrow();
  });
});

describe("storage keys", () => {
  const storage = new LocalDiskStorage("/srv/media");

  it("resolves keys inside the root", () => {
    expect(storage.pathOf("users/u1/0123456789abcdef0123456789abcdef.png")).toBe(
      path.resolve("/srv/media/users/u1/0123456789abcdef0123456789abcdef.png"),
    );
  });

  it.each(["../x", "users/../../x", "/etc/passwd", "users/u1/./x", "users//x", "users/u1/x y", "users\\..\\x", ""])(
    "refuses %j",
    (key) => {
      expect(() => assertStorageKey(key)).toThrow();
      expect(() => storage.pathOf(key)).toThrow();
    },
  );
});

describe("displayFilename", () => {
  it.each([
    ["holiday.png", "holiday.png"],
    ["C:\\Users\\ada\\Pictures\\cat.jpg", "cat.jpg"],
    ["../../etc/passwd", "passwd"],
    ["  spaced   out\tname.png ", "spaced out name.png"],
    ["bad\u0000\u0007name.gif", "badname.gif"],
    ["invoice\u202Egnp.exe", "invoicegnp.exe"],
    ["..", "file"],
    ["", "file"],
    ["/", "file"],
  ])("%j → %j", (input, expected) => {
    expect(displayFilename(input)).toBe(expected);
  });

  it("shortens very long names to 200 characters, keeping the extension", () => {
    const name = displayFilename(`${"a".repeat(500)}.jpeg`);
    expect(name).toHaveLength(200);
    expect(name.endsWith(".jpeg")).toBe(true);
  });
});

describe("parseRange", () => {
  it.each([
    ["bytes=0-9", { range: { start: 0, end: 9 } }],
    ["bytes=10-", { range: { start: 10, end: 99 } }],
    ["bytes=-10", { range: { start: 90, end: 99 } }],
    ["bytes=-500", { range: { start: 0, end: 99 } }],
    ["bytes=50-500", { range: { start: 50, end: 99 } }],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=9-3", null],
    ["bytes=0-1,5-6", null],
    ["items=0-1", null],
    ["bytes=-", null],
  ] as const)("%s of 100 bytes", (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it("ignores a missing header", () => {
    expect(parseRange(null, 100)).toBeNull();
  });
});
