import { createLoginProof } from "./login-proof";
import { signIn } from "./next-auth";

/**
 * Starts a session (sets next-auth's cookie) for a user whose password was just checked. Kept apart
 * from service.ts, which next-auth's own configuration imports, so the two never import each other.
 */
export async function startPasswordSession(userId: string): Promise<void> {
  await signIn("credentials", { proof: createLoginProof(userId), redirect: false });
}
