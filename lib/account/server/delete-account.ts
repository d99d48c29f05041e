import { eq } from "drizzle-orm";
import { db } from "@/db";
import { media, posts, socialAccounts, users, type SocialAccount } from "@/db/schema";
import { DELETE_ACCOUNT_WORD, PROFILE_MESSAGES, type DeleteAccountInput } from "@/lib/auth/schemas";
import { getUserById } from "@/lib/auth/server/service";
import { announceUserRevocation, revokeUserSessions } from "@/lib/auth/server/user-sessions";
import { mediaStorage } from "@/lib/media/server/active-storage";
import { badRequest, unauthorized } from "@/lib/server/api/errors";
import { decryptToken } from "@/lib/server/crypto/tokens";
import { platformModule } from "@/lib/server/platforms";
import { publishJobId, publishQueue } from "@/lib/server/queue/publish-queue";
import { connectablePlatformSchema } from "@/lib/social/schemas";
import { cancelStripeSubscriptionForDeletedAccount } from "./billing-hook";

/** True when the typed confirmation is the account's e-mail (any case) or the word DELETE. */
export function confirmsDeletion(confirmation: string, email: string): boolean {
  const typed = confirmation.trim();
  return typed === DELETE_ACCOUNT_WORD || typed.toLowerCase() === email.toLowerCase();
}

/** Ends the app's grant on the account's platform; a refusal or an outage is logged, never thrown. */
async function revokePlatformGrant(account: SocialAccount): Promise<void> {
  const platform = connectablePlatformSchema.safeParse(account.platform);
  if (!platform.success) return;
  try {
    await platformModule(platform.data).revokeTokens({
      accessToken: decryptToken(account.accessTokenEnc),
      refreshToken: account.refreshTokenEnc ? decryptToken(account.refreshTokenEnc) : null,
    });
  } catch (error) {
    console.error(`[account] could not revoke the ${account.platform} grant of social account ${account.id}`, error);
  }
}

/**
 * Settings › Profile › Delete account. In order: the typed confirmation is checked (nothing is
 * touched otherwise); a paid subscription is cancelled; every connected account's grant is revoked
 * on its platform (failures are logged and do not block); every session ends; the user row goes and
 * with it every row of theirs (all foreign keys cascade); then, after the commit, the queued publish
 * jobs of their posts and their media files in storage are removed (a leftover is only a stale job,
 * which finds no post, or wasted space, never a row pointing at nothing).
 */
export async function deleteAccount(userId: string, input: DeleteAccountInput): Promise<void> {
  const user = await getUserById(userId);
  if (!user) throw unauthorized("Session expired");
  if (!confirmsDeletion(input.confirmation, user.email))
    throw badRequest(PROFILE_MESSAGES.confirmationMismatch, "confirmation_mismatch");

  await cancelStripeSubscriptionForDeletedAccount(userId);
  const accounts = await db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
  await Promise.all(accounts.map(revokePlatformGrant));

  const { jobIds, fileKeys } = await db.transaction(async (tx) => {
    const userPosts = await tx
      .select({ id: posts.id, version: posts.scheduleVersion })
      .from(posts)
      .where(eq(posts.userId, userId));
    const files = await tx
      .select({ storageKey: media.storageKey, thumbnailKey: media.thumbnailKey })
      .from(media)
      .where(eq(media.userId, userId));
    await revokeUserSessions(userId, { tx });
    await tx.delete(users).where(eq(users.id, userId));
    return {
      jobIds: userPosts.map((post) => publishJobId({ postId: post.id, scheduleVersion: post.version })),
      fileKeys: files.flatMap((file) => [file.storageKey, ...(file.thumbnailKey ? [file.thumbnailKey] : [])]),
    };
  });
  await announceUserRevocation(userId);

  const queue = publishQueue();
  const storage = mediaStorage();
  const cleanups = [
    ...jobIds.map((id) => ({ what: `publish job ${id}`, run: () => queue.remove(id) })),
    ...fileKeys.map((key) => ({ what: `media file ${key}`, run: () => storage.delete(key) })),
  ];
  const results = await Promise.allSettled(cleanups.map((cleanup) => cleanup.run()));
  results.forEach((result, index) => {
    if (result.status === "rejected")
      console.error(`[account] could not remove ${cleanups[index]?.what} of deleted user ${userId}`, result.reason);
  });
}
