import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for platform tokens at rest. Ciphertext is `v1.<keyId>.<iv>.<tag>.<data>` (base64url),
 * where keyId names the key that wrote it; so a new key can be introduced while old ciphertexts are
 * still read with the previous keys (TOKEN_ENCRYPTION_KEYS_OLD) and re-encrypted over time.
 */

export interface TokenCipher {
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
  /** True when the ciphertext was written with an old key and should be re-encrypted. */
  isStale(ciphertext: string): boolean;
}

const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

export function createTokenCipher(currentKeyBase64: string, oldKeysBase64: string[] = []): TokenCipher {
  const current = Buffer.from(currentKeyBase64, "base64");
  if (current.length !== 32) throw new Error("TOKEN_ENCRYPTION_KEY must be 32 bytes");
  const keys = new Map<string, Buffer>([[keyIdOf(current), current]]);
  for (const old of oldKeysBase64) {
    const key = Buffer.from(old.trim(), "base64");
    if (key.length === 32) keys.set(keyIdOf(key), key);
  }
  const currentId = keyIdOf(current);

  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [
        "v1",
        currentId,
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        data.toString("base64url"),
      ].join(".");
    },
    decrypt(ciphertext) {
      const [version, keyId, iv, tag, data] = ciphertext.split(".");
      const key = keyId ? keys.get(keyId) : undefined;
      if (version !== "v1" || !key || !iv || !tag || data === undefined) throw new Error("Unreadable token ciphertext");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
    isStale(ciphertext) {
      return ciphertext.split(".")[1] !== currentId;
    },
  };
}

/**
 * The cipher with its last `size` decryptions remembered, by ciphertext: a worker publishing
 * thousands of posts at one instant decrypts the same few accounts' tokens again for every page
 * (AES-GCM plus base64 each time). A token renewed or re-encrypted has a new ciphertext, so it is
 * decrypted anew; an unreadable one still throws every time.
 */
export function withDecryptCache(cipher: TokenCipher, size = 1000): TokenCipher {
  const plaintexts = new Map<string, string>();
  return {
    ...cipher,
    decrypt(ciphertext) {
      const known = plaintexts.get(ciphertext);
      if (known !== undefined) return known;
      const plaintext = cipher.decrypt(ciphertext);
      // The oldest entry goes first (a Map keeps insertion order).
      if (plaintexts.size >= size) plaintexts.delete(plaintexts.keys().next().value!);
      plaintexts.set(ciphertext, plaintext);
      return plaintext;
    },
  };
}
