import { POST_CONTENT_MAX } from "@/lib/posts/constants";

/** Spec section 5 'Import file'. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_ACCEPT = ".txt,.md,text/plain,text/markdown";
export const IMPORT_MESSAGES = {
  tooLarge: "File is too large. Maximum file size is 1MB.",
  invalidType: "Invalid file type. Please upload a .txt or .md file.",
  truncated: "The file has more than 10,000 characters. Only the first 10,000 were imported.",
} as const;

const EXTENSIONS = ["txt", "md"];
// Browsers report .md variously, or not at all.
const MIME_TYPES = ["", "text/plain", "text/markdown", "text/x-markdown"];

export function validateImportFile(file: { name: string; type: string; size: number }): string | null {
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  const extension = file.name.includes(".") ? (file.name.split(".").pop()?.toLowerCase() ?? "") : "";
  if (!EXTENSIONS.includes(extension) || !MIME_TYPES.includes(file.type.toLowerCase()))
    return IMPORT_MESSAGES.invalidType;
  return null;
}

/** The imported text, cut to the post maximum when longer. */
export function fitImportedText(text: string): { content: string; truncated: boolean } {
  return text.length > POST_CONTENT_MAX
    ? { content: text.slice(0, POST_CONTENT_MAX), truncated: true }
    : { content: text, truncated: false };
}
