import { auth } from "./next-auth";
import { readSessionCookie, type SessionUser } from "./session-reader";
import { isSessionActive } from "./user-sessions";

export type { SessionUser };

/**
 * The signed-in user of a request, for route handlers and server components alike: a valid cookie
 * whose server-side session has not been revoked (logout, password change or reset, 'Sign out
 * everywhere'), on whichever web process revoked it.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const identity = await readIdentity();
  if (!identity) return null;
  return (await isSessionActive(identity.sessionId, identity.id)) ? identity : null;
}

async function readIdentity(): Promise<SessionUser | null> {
  const fromCookie = await readSessionCookie();
  if (fromCookie !== undefined) return fromCookie;
  const session = await auth();
  const user = session?.user;
  if (!user?.id || !user.email || !session?.sessionId) return null;
  return { id: user.id, email: user.email, name: user.name ?? "", sessionId: session.sessionId };
}
