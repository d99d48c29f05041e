import { eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { media, posts, socialAccounts, workspaceMembers, workspaces, type SocialAccount } from "@/db/schema";
import { cancelStripeSubscriptionNow } from "@/lib/billing/server/cancel-now";
import { mediaStorage } from "@/lib/media/server/active-storage";
import { platformModule } from "@/lib/networks/server";
import { publishJobId, publishQueue } from "@/lib/publishing/server/publish-queue";
import { decryptToken } from "@/lib/server/crypto/tokens";
import { badRequest, conflict } from "@/lib/server/api/errors";
import { connectablePlatformSchema } from "@/lib/social/schemas";
import { WORKSPACE_MESSAGES } from "@/lib/workspaces/schemas";
import { assertMemberCan } from "./workspaces";

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
    console.error(`[workspace] could not revoke the ${account.platform} grant of social account ${account.id}`, error);
  }
}

/**
 * Deletes a workspace and everything it owns, the checks (who may, the typed name) done by the
 * caller. In order: a paid subscription is cancelled; every connected account's grant is revoked on
 * its platform (failures are logged and do not block); the workspace row goes and with it every row
 * of its (all foreign keys cascade); then, after the commit, the queued publish jobs of its posts
 * and its media files in storage are removed (a leftover is only a stale job, which finds no post,
 * or wasted space, never a row pointing at nothing).
 */
export async function deleteWorkspaceAndData(workspaceId: string): Promise<void> {
  await cancelStripeSubscriptionNow(workspaceId);
  const accounts = await db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, workspaceId));
  await Promise.all(accounts.map(revokePlatformGrant));

  const { jobIds, fileKeys } = await db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: posts.id, version: posts.scheduleVersion })
      .from(posts)
      .where(eq(posts.workspaceId, workspaceId));
    const files = await tx
      .select({ storageKey: media.storageKey, thumbnailKey: media.thumbnailKey })
      .from(media)
      .where(eq(media.workspaceId, workspaceId));
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    return {
      jobIds: owned.map((post) => publishJobId({ postId: post.id, scheduleVersion: post.version })),
      fileKeys: files.flatMap((file) => [file.storageKey, ...(file.thumbnailKey ? [file.thumbnailKey] : [])]),
    };
  });

  const queue = publishQueue();
  const storage = mediaStorage();
  const cleanups = [
    ...jobIds.map((id) => ({ what: `publish job ${id}`, run: () => queue.remove(id) })),
    ...fileKeys.map((key) => ({ what: `media file ${key}`, run: () => storage.delete(key) })),
  ];
  const results = await Promise.allSettled(cleanups.map((cleanup) => cleanup.run()));
  results.forEach((result, index) => {
    if (result.status === "rejected")
      console.error(
        `[workspace] could not remove ${cleanups[index]?.what} of deleted workspace ${workspaceId}`,
        result.reason,
      );
  });
}

/**
 * DELETE /api/workspaces/{id}: the owner deletes a workspace, confirmed by typing its name. A
 * person's only workspace stays (deleting the account is how everything goes).
 */
export async function deleteWorkspace(userId: string, workspaceId: string, confirmName: string): Promise<void> {
  const workspace = await assertMemberCan(userId, workspaceId, "deleteWorkspace");
  if (confirmName.trim() !== workspace.name) throw badRequest(WORKSPACE_MESSAGES.confirmName, "confirmation_mismatch");
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  if (count <= 1) throw conflict(WORKSPACE_MESSAGES.lastWorkspace, "last_workspace");
  await deleteWorkspaceAndData(workspaceId);
}
