import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTokenCipher } from "@/lib/server/crypto/token-cipher";

const key = () => randomBytes(32).toString("base64");

describe("token cipher", () => {
  it("round-trips and never contains the plaintext", () => {
    const cipher = createTokenCipher(key());
    const token = "EAAB-page-token-1234567890";
    const sealed = cipher.encrypt(token);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toBe(cipher.encrypt(token));
    expect(cipher.decrypt(sealed)).toBe(token);
  });

  it("refuses tampered ciphertext", () => {
    const cipher = createTokenCipher(key());
    const parts = cipher.encrypt("secret").split(".");
    parts[4] = Buffer.from("other").toString("base64url");
    expect(() => cipher.decrypt(parts.join("."))).toThrow();
  });

  it("reads ciphertext of an old key after rotation, and marks it stale", () => {
    const oldKey = key();
    const sealed = createTokenCipher(oldKey).encrypt("secret");
    const rotated = createTokenCipher(key(), [oldKey]);
    expect(rotated.decrypt(sealed)).toBe("secret");
    expect(rotated.isStale(sealed)).toBe(true);
    expect(rotated.isStale(rotated.encrypt("secret"))).toBe(false);
    expect(() => createTokenCipher(key()).decrypt(sealed)).toThrow("Unreadable token ciphertext");
  });
});
