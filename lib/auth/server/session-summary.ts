import { unauthorized } from "@/lib/server/api/errors";
import { getAccountStats, listAccountGroups, type AccountGroup, type AccountStats } from "@/lib/social/server/queries";
import type { PublicUser } from "@/lib/auth/schemas";
import type { PostCounts } from "@/lib/posts/schemas";
import { countPostsByStatus } from "@/lib/posts/server/queries";
import type { WorkspaceSummary } from "@/lib/workspaces/schemas";
import { listWorkspaces, resolveWorkspace } from "@/lib/workspaces/server/workspaces";
import { getUserById, toPublicUser } from "./service";
import type { SessionUser } from "./session";
import { sessionBeginning } from "./user-sessions";

export interface SessionSummary {
  user: PublicUser;
  /** The workspace this session works in (the tab's, or the last chosen), and all of the person's. */
  workspace: WorkspaceSummary;
  workspaces: WorkspaceSummary[];
  socialAccounts: AccountGroup[];
  stats: AccountStats;
  /** Lets the dashboard's getting-started checklist show its state with the first paint. */
  postCounts: PostCounts;
  /** Signed in before this session (the dashboard says 'Welcome back'); false on the first visit. */
  returning: boolean;
}

/**
 * A session is a return when the person had one before it, or when it began this long after the
 * account was made (earlier sessions' rows go once expired): registering, or a first sign-in with
 * Google or Facebook, makes the account and its first session in one request.
 */
const FIRST_SESSION_WITHIN_MS = 60_000;

/**
 * What /api/auth/me answers, in the workspace the request names (resolveWorkspace). A session whose
 * user was deleted is no session.
 */
export async function getSessionSummaryOrThrow(
  session: Pick<SessionUser, "id" | "sessionId">,
  requested: { named?: string | null; remembered?: string | null } = {},
): Promise<SessionSummary> {
  const userId = session.id;
  const user = await getUserById(userId);
  if (!user) throw unauthorized("Session expired");
  const workspace = await resolveWorkspace(userId, requested);
  const [workspaces, socialAccounts, postCounts, beginning] = await Promise.all([
    listWorkspaces(userId),
    listAccountGroups(workspace.id),
    countPostsByStatus(workspace.id),
    sessionBeginning(session.sessionId),
  ]);
  return {
    user: toPublicUser(user),
    workspace,
    workspaces,
    socialAccounts,
    stats: getAccountStats(socialAccounts),
    postCounts,
    returning:
      beginning !== null &&
      (beginning.hadEarlier || beginning.begunAt.getTime() - user.createdAt.getTime() > FIRST_SESSION_WITHIN_MS),
  };
}
