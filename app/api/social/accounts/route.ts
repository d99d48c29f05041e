// GET /api/social/accounts — the user's connected accounts with their pages
import { ok, withMember } from "@/lib/server/api/route";
import { listAccounts } from "@/lib/social/server/queries";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withMember("read", async ({ workspace }) => ok({ data: await listAccounts(workspace.id) }));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
