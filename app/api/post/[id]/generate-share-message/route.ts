// POST /api/post/{id}/generate-share-message — a share message (≤ 280) for reshares; a template when the AI is unavailable
import { z } from "zod";
import { generateShareMessage } from "@/lib/ai/server/share-message";
import { ok, parseJson, withUser } from "@/lib/server/api/route";

export const POST = withUser<{ id: string }>(async ({ req, params, user }) => {
  // No fields, but a malformed body is still refused (400) rather than ignored.
  await parseJson(req, z.object({}));
  return ok(await generateShareMessage(user.id, params.id));
});
