// GET /api/openai/status — whether a model answers or the offline writer does
import { aiStatus } from "@/lib/ai/server/client";
import { ok, withUser } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const GET = withUser(async () => ok(aiStatus()));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
