// POST /api/post/{id}/generate-share-message — a share message (≤ 280) for reshares; a template when the AI is unavailable
import { z } from "zod";
import { generateShareMessage } from "@/lib/ai/server/share-message";
import { ok, parseJson, withMember } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const POST = withMember<{ id: string }>("draft", async ({ req, params, workspace }) => {
  // No fields, but a malformed body is still refused (400) rather than ignored.
  await parseJson(req, z.object({}));
  return ok(await generateShareMessage(workspace.id, params.id));
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods({ POST });
