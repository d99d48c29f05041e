import { auth } from "./next-auth";
import { readSessionCookie, type SessionUser } from "./session-reader";

export type { SessionUser };

/** The signed-in user of a request, for route handlers and server components alike. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const fromCookie = await readSessionCookie();
  if (fromCookie !== undefined) return fromCookie;
  const session = await auth();
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? "" };
}
