import { and, eq, ne } from "drizzle-orm";
import { db } from "@/db";
import { PG_ERROR, pgErrorCode } from "@/db/pg-errors";
import { users } from "@/db/schema";
import { PROFILE_MESSAGES, type PublicUser, type UpdateProfileInput } from "@/lib/auth/schemas";
import { verifyPassword } from "@/lib/auth/server/password";
import { getUserById, toPublicUser } from "@/lib/auth/server/service";
import { badRequest, conflict, unauthorized } from "@/lib/server/api/errors";

/**
 * Settings › Profile: a new name and/or e-mail. Every rule is checked before the one write: a new
 * e-mail on a password account needs the current password (400, not 401, which the browser client
 * takes for an expired session), and an address another account has is refused (409).
 */
export async function updateProfile(userId: string, input: UpdateProfileInput): Promise<PublicUser> {
  const user = await getUserById(userId);
  if (!user) throw unauthorized("Session expired");
  const emailChanges = input.email !== undefined && input.email !== user.email;
  if (emailChanges && user.passwordHash) {
    if (!input.currentPassword) throw badRequest(PROFILE_MESSAGES.passwordRequired, "password_required");
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw badRequest(PROFILE_MESSAGES.wrongPassword, "wrong_password");
  }
  if (emailChanges) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email!), ne(users.id, userId)))
      .limit(1);
    if (taken) throw conflict(PROFILE_MESSAGES.emailTaken, "email_taken");
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(emailChanges ? { email: input.email!, emailVerified: null } : {}),
  };
  if (Object.keys(changes).length === 0) return toPublicUser(user);
  try {
    const [updated] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (!updated) throw unauthorized("Session expired");
    return toPublicUser(updated);
  } catch (error) {
    // unique_violation: two accounts raced for the same address.
    if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw conflict(PROFILE_MESSAGES.emailTaken, "email_taken");
    throw error;
  }
}
