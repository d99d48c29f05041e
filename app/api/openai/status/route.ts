// GET /api/openai/status — whether a model answers or the offline writer does
import { aiStatus } from "@/lib/ai/server/client";
import { ok, withUser } from "@/lib/server/api/route";

export const GET = withUser(async () => ok(aiStatus()));
