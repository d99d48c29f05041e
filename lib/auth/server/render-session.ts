import { cache } from "react";
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
    return await getSessionSummaryOrThrow(user.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
});
