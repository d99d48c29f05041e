import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * next/link with prefetching off unless a link asks for it: the app's only link (eslint refuses
 * next/link elsewhere). Every page of ours is rendered per request (the root layout reads the
 * session and theme cookies), so a prefetch brings only the route's tree, never its content, and a
 * click waits for the server either way. Prefetching cost each signed-in page about ten requests
 * to the server right after it loaded (two per link in view, about 20 ms of server time each),
 * taken from the page's own load on a small machine; a click navigates as fast without.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
