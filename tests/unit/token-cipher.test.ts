import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTokenCipher, withDecryptCache, type TokenCipher } from "@/lib/server/crypto/token-cipher";

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

  it("remembers its last decryptions by ciphertext, the oldest forgotten first, and still refuses bad ones", () => {
    const inner = createTokenCipher(key());
    let decrypted = 0;
    const counting: TokenCipher = { ...inner, decrypt: (sealed) => (decrypted++, inner.decrypt(sealed)) };
    const cipher = withDecryptCache(counting, 2);
    const [a, b, c] = ["token-a", "token-b", "token-c"].map((token) => cipher.encrypt(token));

    expect([cipher.decrypt(a!), cipher.decrypt(a!), cipher.decrypt(b!), cipher.decrypt(a!)]).toEqual([
      "token-a",
      "token-a",
      "token-b",
      "token-a",
    ]);
    expect(decrypted).toBe(2);
    // A third pushes out the oldest (a); b is still remembered.
    expect(cipher.decrypt(c!)).toBe("token-c");
    expect(cipher.decrypt(b!)).toBe("token-b");
    expect(decrypted).toBe(3);
    expect(cipher.decrypt(a!)).toBe("token-a");
    expect(decrypted).toBe(4);
    // The same token encrypted anew (renewed, re-encrypted) is a new ciphertext: decrypted anew.
    expect(cipher.decrypt(cipher.encrypt("token-a"))).toBe("token-a");
    expect(decrypted).toBe(5);
    const tampered = a!.split(".");
    tampered[4] = Buffer.from("other").toString("base64url");
    expect(() => cipher.decrypt(tampered.join("."))).toThrow();
    expect(() => cipher.decrypt(tampered.join("."))).toThrow();
    expect(cipher.isStale(a!)).toBe(false);
  });
});
