"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { postElementId } from "./post-display";

/** Spec section 9: the post just published stays highlighted for 5 s. */
export const HIGHLIGHT_MS = 5_000;
export const HIGHLIGHT_PARAM = "highlight";

/**
 * `/content?highlight={postId}`: once the list has loaded, scroll to that post; 5 s later drop the
 * parameter, which ends the highlight (it is derived from the URL, so a reload after that shows
 * none). A post not on the loaded page only has its parameter dropped.
 *
 * `requested` is the parameter's value as the page read it on the server (null without one);
 * `loadedIds` is null while the list is still loading (or shows the previous page's posts).
 * Returns the id of the post to highlight, or null.
 */
export function useHighlightedPost(requested: string | null, loadedIds: readonly string[] | null): string | null {
  const router = useRouter();
  const pathname = usePathname();
  const settled = loadedIds !== null;
  const found = requested !== null && (loadedIds?.includes(requested) ?? false);

  useEffect(() => {
    if (!requested || !settled) return;
    if (found) {
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      document
        .getElementById(postElementId(requested))
        ?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "center" });
    }
    const timer = setTimeout(
      () => {
        // Read the live query string: filters may have been added to it meanwhile.
        const params = new URLSearchParams(window.location.search);
        params.delete(HIGHLIGHT_PARAM);
        const query = params.toString();
        router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
      },
      found ? HIGHLIGHT_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [requested, settled, found, pathname, router]);

  return found ? requested : null;
}
