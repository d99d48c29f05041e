import { dehydrate, QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PrefilledBoundary } from "./prefilled-boundary";

/** A page's first queries as the server answers them: each key with the API's body for it. */
export type PrefilledEntries = [QueryKey, unknown][];

/**
 * A page's first queries answered by the server while it renders: the browser's
 * TanStack Query starts with these entries, so the server's HTML already shows their data and the
 * browser does not ask again until they are stale. Each answer must be the API's body for that
 * key (`okBody`), as JSON would carry it. When the server cannot read them the page still renders,
 * without them: the browser then asks itself, and shows its own error and retry if that fails too.
 * The answers are of `workspaceId` (the cookie's choice): a tab working in another workspace (one
 * switched in another tab since) leaves them out and asks for its own.
 */
export async function PrefilledQueries({
  workspaceId,
  read,
  children,
}: {
  workspaceId: string;
  /** Called as this renders (a promise made earlier could reject before anyone awaits it). */
  read: () => Promise<PrefilledEntries>;
  children: ReactNode;
}) {
  const client = new QueryClient();
  try {
    for (const [key, body] of await read()) client.setQueryData(key, JSON.parse(JSON.stringify(body)));
  } catch (error) {
    console.error("[prefill] a page's first queries could not be answered on the server; the browser asks", error);
  }
  return (
    <PrefilledBoundary workspaceId={workspaceId} state={dehydrate(client)}>
      {children}
    </PrefilledBoundary>
  );
}
