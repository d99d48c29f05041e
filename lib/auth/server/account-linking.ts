import { and, eq } from "drizzle-orm";
import { db } from "@/db";
import { accounts, users } from "@/db/schema";

/**
 * Sign-in with a provider links to an existing account by e-mail only where the provider vouches for
 * the address. Facebook never does (its provider has automatic linking off, so next-auth refuses with
 * OAuthAccountNotLinked); Google does per sign-in through `email_verified`, checked here. Whoever
 * controls a provider account showing my address unverified must not get my account: they are sent
 * to sign in to the existing account first, and a signed-in person links there.
 */
export async function wouldLinkByEmail(provider: string, providerAccountId: string, email: string): Promise<boolean> {
  const [linked] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId)))
    .limit(1);
  if (linked) return false;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return owner !== undefined;
}

/** Where a refused link sends the browser: the login page explains what to do. */
export const ACCOUNT_NOT_LINKED_URL = "/login?error=OAuthAccountNotLinked";
