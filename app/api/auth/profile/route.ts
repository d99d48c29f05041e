// PATCH /api/auth/profile — Settings › Profile: a new name and/or e-mail (the current password for a new e-mail)
import { updateProfile } from "@/lib/account/server/profile";
import { PROFILE_MESSAGES, updateProfileSchema } from "@/lib/auth/schemas";
import { ok, parseJson, withUser } from "@/lib/server/api/route";
import { otherMethods } from "@/lib/server/api/methods";

export const PATCH = withUser(async ({ req, user }) => {
  const input = await parseJson(req, updateProfileSchema);
  const data = await updateProfile(user.id, input);
  return ok({ data, message: PROFILE_MESSAGES.updated });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE } = otherMethods({ PATCH });
