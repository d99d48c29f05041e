// /api/auth/* — next-auth's own endpoints (OAuth callbacks, session, csrf); ours sit beside them.
import { handlers } from "@/lib/auth/server/next-auth";

export const { GET, POST } = handlers;
