import { badRequest } from "@/lib/server/api/errors";
import { signIn } from "./next-auth";

const SIGN_IN_PROVIDERS = ["google", "facebook"] as const;
type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

const isSignInProvider = (value: string): value is SignInProvider =>
  (SIGN_IN_PROVIDERS as readonly string[]).includes(value);

/**
 * The provider's authorization URL for signing in. next-auth sets its state/PKCE/nonce cookies on
 * this response, so the browser must be sent to the URL from the same origin that asked for it.
 */
export async function signInAuthorizationUrl(platform: string): Promise<string> {
  if (!isSignInProvider(platform)) throw badRequest(`Sign-in with ${platform} is not supported`);
  const url = await signIn(platform, { redirect: false, redirectTo: "/dashboard" });
  if (typeof url !== "string" || !/^https?:\/\//.test(url))
    throw new Error(`Invalid OAuth URL response for ${platform}`);
  return url;
}
