import { hasMixedMedia } from "@/lib/client/requests/media";
import type { MediaType } from "@/lib/media/schemas";
import { MESSAGES, POST_CONTENT_MAX, SHARE_MESSAGE_MAX, postTitleSchema } from "@/lib/posts/schemas";
import type { PageEntry } from "./page-options";

interface DraftToCheck {
  title?: string;
  content: string;
  pages: readonly PageEntry[];
  shareContent: string | null;
  media: readonly { type: MediaType }[];
}

/** Spec section 5 'Post save', in the spec's order; the first problem's message, or null. */
export function validateDraft({ title = "", content, pages, shareContent, media }: DraftToCheck): string | null {
  if (pages.length === 0 || !content.trim()) return MESSAGES.pagesAndContent;
  const titleCheck = postTitleSchema.safeParse(title);
  if (!titleCheck.success) return titleCheck.error.issues[0]?.message ?? MESSAGES.titleTooLong;
  if (content.length > POST_CONTENT_MAX) return MESSAGES.contentTooLong;
  if (pages.some((page) => !page.platform)) return MESSAGES.missingPlatform;
  if (shareContent && shareContent.length > SHARE_MESSAGE_MAX) return MESSAGES.shareTooLong;
  if (hasMixedMedia(media)) return MESSAGES.mixedMedia;
  return null;
}
