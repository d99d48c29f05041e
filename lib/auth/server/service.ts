import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users, type User } from "@/db/schema";
import { conflict } from "@/lib/server/api/errors";
import { hashPassword, spendVerifyTime, verifyPassword } from "./password";
import type { PublicUser, RegisterInput } from "@/lib/auth/schemas";

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name ?? "",
    email: user.email,
    image: user.image ?? null,
    createdAt: user.createdAt.toISOString(),
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
  const [created] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!created) throw conflict("An account with this email already exists", "email_taken");
  return created;
}
