import { cookies } from "next/headers";
import { cache } from "react";
import { WORKSPACE_COOKIE } from "@/lib/workspaces/schemas";
import { ApiError } from "@/lib/server/api/errors";
import { getSessionSummaryOrThrow, type SessionSummary } from "./session-summary";
import { getSessionUser } from "./session";

/**
 * getSessionUser, asked once per server render: the root layout, a route group's layout and the
 * 404 page share the answer.
 */
export const getRenderSessionUser = cache(getSessionUser);

/**
 * What /api/auth/me would answer, for the page being rendered: the root layout hands it to the
 * browser's session so signed-in pages render with their first byte instead of a spinner while
 * the browser asks (their largest paint waited on that round trip). Null for a visitor
 * or a session whose user is gone.
 */
export const getRenderSessionSummary = cache(async (): Promise<SessionSummary | null> => {
  const user = await getRenderSessionUser();
  if (!user) return null;
  try {
    const remembered = (await cookies()).get(WORKSPACE_COOKIE)?.value;
    return await getSessionSummaryOrThrow(user, { remembered });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
});

/**
 * The workspace the page being rendered works in: the session's (the cookie's choice). A page
 * hands it to PrefilledQueries with its answers, which a tab working in another workspace ignores.
 */
export const getRenderWorkspace = cache(async () => (await getRenderSessionSummary())?.workspace ?? null);

/** The person and the workspace of the page being rendered, for pages whose answers need both. */
export const getRenderActor = cache(async () => {
  const summary = await getRenderSessionSummary();
  return summary ? { workspaceId: summary.workspace.id, userId: summary.user.id } : null;
});
