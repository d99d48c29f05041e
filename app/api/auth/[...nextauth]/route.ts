// /api/auth/* — next-auth's own endpoints (OAuth callbacks, session, csrf); ours sit beside them.
import { handlers } from "@/lib/auth/server/next-auth";
import { otherMethods } from "@/lib/server/api/methods";

export const { GET, POST } = handlers;

export const { OPTIONS, PUT, PATCH, DELETE } = otherMethods({ GET, POST });
