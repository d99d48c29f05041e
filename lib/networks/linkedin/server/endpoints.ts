import { env } from "@/lib/server/env";
import { hostFor, oauthClient } from "@/lib/server/endpoints";

/** LinkedIn's hosts: the real ones with LINKEDIN_CLIENT_ID and _SECRET set, the sandbox's otherwise. */
export const client = oauthClient("linkedin", env.LINKEDIN_CLIENT_ID, env.LINKEDIN_CLIENT_SECRET);

export const endpoints = {
  /** www.linkedin.com (OAuth) and api.linkedin.com (userinfo, REST). */
  www: hostFor(client, "https://www.linkedin.com", "linkedin/www"),
  api: hostFor(client, "https://api.linkedin.com", "linkedin/api"),
  version: env.LINKEDIN_API_VERSION,
  /** The app is approved for LinkedIn's restricted r_member_social, so connects ask for it. */
  memberSocialRead: env.LINKEDIN_MEMBER_SOCIAL_READ === "true",
} as const;
