import { createHash, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from "node:crypto";

/**
 * An RS256 signing key for OpenID Connect id_tokens, published as a JWKS. Each sandbox instance
 * makes its own key on first use, so a token from one run never verifies against another.
 */

export interface PublicJwk {
  kty: string;
  n: string;
  e: string;
  alg: "RS256";
  use: "sig";
  kid: string;
}

export class SigningKey {
  private key: { privateKey: KeyObject; jwk: PublicJwk } | undefined;

  /** Generated lazily: a sandbox that never signs anything starts without the RSA cost. */
  private get material(): { privateKey: KeyObject; jwk: PublicJwk } {
    if (!this.key) {
      const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const exported: JsonWebKey = publicKey.export({ format: "jwk" });
      if (!exported.n || !exported.e) throw new Error("RSA public key exported without n/e");
      // RFC 7638 thumbprint: stable for the key, and as opaque as the hex kids Google publishes.
      const thumbprint = createHash("sha256")
        .update(JSON.stringify({ e: exported.e, kty: "RSA", n: exported.n }))
        .digest("hex");
      this.key = {
        privateKey,
        jwk: { kty: "RSA", n: exported.n, e: exported.e, alg: "RS256", use: "sig", kid: thumbprint.slice(0, 40) },
      };
    }
    return this.key;
  }

  jwks(): { keys: PublicJwk[] } {
    return { keys: [this.material.jwk] };
  }

  sign(payload: Record<string, unknown>): string {
    const { privateKey, jwk } = this.material;
    const header = { alg: "RS256", kid: jwk.kid, typ: "JWT" };
    const signingInput = `${base64UrlJson(header)}.${base64UrlJson(payload)}`;
    const signature = sign("sha256", Buffer.from(signingInput), privateKey).toString("base64url");
    return `${signingInput}.${signature}`;
  }
}

function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** OIDC at_hash: the left half of SHA-256 of the access token, base64url (OIDC Core §3.1.3.6). */
export function accessTokenHash(accessToken: string): string {
  const digest = createHash("sha256").update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}
