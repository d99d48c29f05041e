// GET /api/social/accounts — the user's connected accounts with their pages
import { ok, withUser } from "@/lib/server/api/route";
import { listAccounts } from "@/lib/social/server/queries";

export const GET = withUser(async ({ user }) => ok({ data: await listAccounts(user.id) }));
