/** Who a preview shows as posting: the first chosen page of the network. */
export interface PreviewAuthor {
  name: string;
  username: string | null;
  picture: string | null;
  /** Other pages of this network the post also goes to. */
  others: number;
}

/**
 * How one network's feed draws a post, for the editor's live preview
 * (components/post-editor/previews/network-preview.tsx); the text's cut and its "more" link come
 * from the network's rules (lib/networks/text.ts).
 */
export interface NetworkPreviewStyle {
  /** The line under the author's name ('@ada · now'). */
  byline(author: PreviewAuthor): string;
  avatarShape: "circle" | "rounded";
  /** What stands between a cut text and its "more" link. */
  moreSeparator: string;
  /** Media and link cards sit in a rounded frame inside the post rather than edge to edge. */
  framedMedia: boolean;
}
