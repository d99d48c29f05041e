import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * A page's first queries answered by the server while it renders (issue #18): the browser's
 * TanStack Query starts with these entries, so the server's HTML already shows their data and the
 * browser does not ask again until they are stale. Each answer must be the API's body for that
 * key (`okBody`), as JSON would carry it.
 */
export function PrefilledQueries({ entries, children }: { entries: [QueryKey, unknown][]; children: ReactNode }) {
  const client = new QueryClient();
  for (const [key, body] of entries) client.setQueryData(key, JSON.parse(JSON.stringify(body)));
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
