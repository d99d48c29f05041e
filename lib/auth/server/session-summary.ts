import { unauthorized } from "@/lib/server/api/errors";
import { getAccountStats, listAccountGroups, type AccountGroup, type AccountStats } from "@/lib/social/server/queries";
import type { PublicUser } from "@/lib/auth/schemas";
import type { PostCounts } from "@/lib/posts/schemas";
import { countPostsByStatus } from "@/lib/posts/server/queries";
import { getUserById, toPublicUser } from "./service";

export interface SessionSummary {
  user: PublicUser;
  socialAccounts: AccountGroup[];
  stats: AccountStats;
  /** Lets the dashboard's getting-started checklist show its state with the first paint. */
  postCounts: PostCounts;
}

/** What /api/auth/me answers. A session whose user was deleted is no session. */
export async function getSessionSummaryOrThrow(userId: string): Promise<SessionSummary> {
  const user = await getUserById(userId);
  if (!user) throw unauthorized("Session expired");
  const [socialAccounts, postCounts] = await Promise.all([listAccountGroups(userId), countPostsByStatus(userId)]);
  return { user: toPublicUser(user), socialAccounts, stats: getAccountStats(socialAccounts), postCounts };
}
