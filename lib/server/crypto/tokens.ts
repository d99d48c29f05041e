import { env } from "@/lib/server/env";
import { createTokenCipher, withDecryptCache } from "./token-cipher";

/** The app's cipher for platform tokens, keyed from the environment; recent decryptions remembered. */
export const tokenCipher = withDecryptCache(
  createTokenCipher(env.TOKEN_ENCRYPTION_KEY, (env.TOKEN_ENCRYPTION_KEYS_OLD ?? "").split(",").filter(Boolean)),
);

export const encryptToken = (token: string) => tokenCipher.encrypt(token);
export const decryptToken = (ciphertext: string) => tokenCipher.decrypt(ciphertext);
export const encryptOptional = (token: string | null | undefined) => (token ? tokenCipher.encrypt(token) : null);
