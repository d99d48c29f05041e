import { randomBytes } from "node:crypto";
import { STORED_EXTENSIONS } from "./detect";

/**
 * Names of stored files. We generate them (32 random hex digits + our canonical extension), so a
 * name from a URL or a body is accepted only when it matches exactly that shape: `../../x`, an
 * absolute path, an encoded traversal or anything else can never reach the storage layer.
 */

const STORED_FILENAME = new RegExp(`^[0-9a-f]{32}\\.(?:${STORED_EXTENSIONS.join("|")})$`);

export function newStoredName(extension: string): { id: string; filename: string; thumbnailName: string } {
  const id = randomBytes(16).toString("hex");
  return { id, filename: `${id}.${extension}`, thumbnailName: `${id}.thumb.webp` };
}

export function isStoredFilename(value: unknown): value is string {
  return typeof value === "string" && STORED_FILENAME.test(value);
}

const STORAGE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/** Every storage implementation checks keys again: one alphabet, no `.` or `..` segment. */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key) || key.split("/").some((segment) => segment === "." || segment === "..")) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

// Workspace ids are UUIDs (a migrated personal workspace keeps its user's); anything else must not
// become a folder name. Files stored under `users/` before workspaces keep their keys (the row holds it).
const WORKSPACE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function workspaceFolder(workspaceId: string): string {
  if (!WORKSPACE_ID.test(workspaceId))
    throw new Error("Refusing a workspace id that is not a plain identifier as a storage folder");
  return `workspaces/${workspaceId}`;
}

const MAX_DISPLAY_LENGTH = 200;

function isInvisible(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) || // zero-width and direction marks
    (code >= 0x202a && code <= 0x202e) || // bidi embeddings/overrides ("gpj.exe" tricks)
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/**
 * The uploaded name as we show it: the last path segment, without control or bidi characters,
 * whitespace collapsed, at most 200 characters (the extension kept). Display only; never a path.
 */
export function displayFilename(name: string): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? "";
  const visible = [...lastSegment.normalize("NFC").replace(/[\t\n\r\v\f]/g, " ")]
    .filter((char) => !isInvisible(char.codePointAt(0) ?? 0))
    .join("");
  let cleaned = visible.replace(/\s+/g, " ").trim();
  if (cleaned === "" || /^\.+$/.test(cleaned)) return "file";
  const chars = [...cleaned];
  if (chars.length > MAX_DISPLAY_LENGTH) {
    const dot = cleaned.lastIndexOf(".");
    const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
    cleaned = chars.slice(0, MAX_DISPLAY_LENGTH - [...extension].length).join("") + extension;
  }
  return cleaned;
}
