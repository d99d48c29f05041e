import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users, type User } from "@/db/schema";
import { badRequest, conflict, unauthorized } from "@/lib/server/api/errors";
import { hashPassword, spendVerifyTime, verifyPassword } from "./password";
import type { PublicUser, RegisterInput } from "@/lib/auth/schemas";
import { announceUserRevocation, revokeUserSessions } from "./user-sessions";
import { createWorkspace, PERSONAL_WORKSPACE_NAME } from "@/lib/workspaces/server/workspaces";

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name ?? "",
    email: user.email,
    image: user.image ?? null,
    createdAt: user.createdAt.toISOString(),
    timeZone: user.timeZone,
  };
}

export async function getUserById(userId: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

/** The user for these credentials, or null. Unknown e-mails cost the same time as wrong passwords. */
export async function authenticateWithPassword(email: string, password: string): Promise<User | null> {
  const normalised = email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, normalised)).limit(1);
  if (!user?.passwordHash) {
    await spendVerifyTime(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

export async function registerUser(input: RegisterInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  // Every new user starts with a personal workspace on the Free plan, in the same transaction as
  // the account itself.
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (user) await createWorkspace(user.id, { id: user.id, name: PERSONAL_WORKSPACE_NAME }, tx);
    return user;
  });
  if (!created) throw conflict("An account with this email already exists", "email_taken");
  return created;
}

/**
 * Settings › Security. The current password is asked again (a borrowed, signed-in laptop must not be
 * enough); the new one ends every other session, while this one stays signed in.
 */
export async function changePassword(
  userId: string,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await getUserById(userId);
  if (!user) throw unauthorized("Session expired");
  if (!user.passwordHash)
    throw badRequest(
      "This account signs in with Google or Facebook and has no password yet. Use 'Forgot your password?' on the sign-in page to set one.",
      "no_password",
    );
  // 400, not 401: the browser client treats a 401 as an expired session and signs the user out.
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw badRequest("Current password is incorrect", "wrong_password");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeUserSessions(userId, { exceptSessionId: currentSessionId, tx });
  });
  await announceUserRevocation(userId, currentSessionId);
}
