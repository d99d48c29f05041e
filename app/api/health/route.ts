// GET /api/health — database, Redis, worker presence and the oldest due-but-unpublished post
import { ok, withPublic } from "@/lib/server/api/route";
import { getHealthReport } from "@/lib/server/ops/health";
import { otherMethods } from "@/lib/server/api/methods";

export const dynamic = "force-dynamic";

export const GET = withPublic(async () => {
  const report = await getHealthReport();
  return ok({ ...report }, { status: report.status === "down" ? 503 : 200 });
});

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods({ GET });
