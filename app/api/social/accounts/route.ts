// GET /api/social/accounts — the user's connected accounts with their pages
import { ok, withUser } from "@/lib/api/route";
import { listAccounts } from "@/lib/social/queries";

export const GET = withUser(async ({ user }) => ok({ data: await listAccounts(user.id) }));
