import { hasMixedMedia } from "@/lib/client/requests/media";
import type { MediaType } from "@/lib/media/schemas";
import { MESSAGES, POST_CONTENT_MAX, SHARE_MESSAGE_MAX } from "@/lib/posts/constants";
import type { PageEntry } from "./page-options";

interface DraftToCheck {
  title?: string;
  content: string;
  pages: readonly PageEntry[];
  shareContent: string | null;
  media: readonly { type: MediaType }[];
}

/** The title's schema is the server's, loaded with zod when a draft is first checked (not with the editor). */
const loadTitleSchema = () => import("@/lib/posts/schemas").then((module) => module.postTitleSchema);

/** Loads the title's schema while the user writes, so the first save does not wait for it. */
export function preloadDraftValidation(): void {
  void loadTitleSchema();
}

/** Spec section 5 'Post save', in the spec's order; the first problem's message, or null. */
export async function validateDraft({
  title = "",
  content,
  pages,
  shareContent,
  media,
}: DraftToCheck): Promise<string | null> {
  if (pages.length === 0 || !content.trim()) return MESSAGES.pagesAndContent;
  const titleCheck = (await loadTitleSchema()).safeParse(title);
  if (!titleCheck.success) return titleCheck.error.issues[0]?.message ?? MESSAGES.titleTooLong;
  if (content.length > POST_CONTENT_MAX) return MESSAGES.contentTooLong;
  if (pages.some((page) => !page.platform)) return MESSAGES.missingPlatform;
  if (shareContent && shareContent.length > SHARE_MESSAGE_MAX) return MESSAGES.shareTooLong;
  if (hasMixedMedia(media)) return MESSAGES.mixedMedia;
  return null;
}
