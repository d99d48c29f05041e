import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from "node:crypto";
import { get } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { answerConsent } from "../../../sandbox/testing";
import { ownSandbox } from "../../fixtures/own-sandbox";

/** The sandbox's Google, spoken to the way next-auth's Google provider speaks to the real one. */

const CLIENT_ID = "sandbox-google-client";
const CLIENT_SECRET = "sandbox-google-secret";
const REDIRECT_URI = "http://127.0.0.1:3999/api/auth/callback/google";

const sandbox = ownSandbox();
let issuer: string;
beforeAll(() => {
  issuer = `${sandbox.url}/google`;
});

function authorizeUrl(extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid email profile",
    state: "state-123",
    ...extra,
  });
  return `${issuer}/o/oauth2/v2/auth?${params}`;
}

function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function exchange(fields: Record<string, string>, auth: "basic" | "post" = "basic") {
  const body = new URLSearchParams({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI, ...fields });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (auth === "basic") {
    headers.authorization = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
  } else {
    body.set("client_id", CLIENT_ID);
    body.set("client_secret", CLIENT_SECRET);
  }
  const response = await fetch(`${issuer}/token`, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Consent as a person would, then redeem the code: the whole sign-in, minus the browser. */
async function signIn(options: { email?: string; name?: string; extra?: Record<string, string> } = {}) {
  const { verifier, challenge } = pkcePair();
  const location = await answerConsent(
    authorizeUrl({ code_challenge: challenge, code_challenge_method: "S256", nonce: "n-1", ...options.extra }),
    {
      email: options.email,
      name: options.name,
    },
  );
  const code = location.searchParams.get("code") ?? "";
  const tokens = await exchange({ code, code_verifier: verifier });
  expect(tokens.status).toBe(200);
  return tokens.body;
}

function decodeJwt(jwt: string) {
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
  return {
    header: decode(header),
    payload: decode(payload),
    signingInput: `${header}.${payload}`,
    signature: Buffer.from(signature, "base64url"),
  };
}

describe("Google discovery", () => {
  it("publishes the issuer and endpoints under the URL the client used", async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/v1/userinfo`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["plain", "S256"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      response_types_supported: expect.arrayContaining(["code"]),
      subject_types_supported: ["public"],
      scopes_supported: expect.arrayContaining(["openid", "email", "profile"]),
    });
  });

  it("mirrors the Host header (or a proxy's X-Forwarded-*) in the issuer", async () => {
    // fetch will not send a custom Host, so node:http asks the way a client on another name would.
    const viaHost = await new Promise<string>((resolve, reject) => {
      const path = "/google/.well-known/openid-configuration";
      get(
        { host: "127.0.0.1", port: sandbox.running.port, path, headers: { host: `localhost:${sandbox.running.port}` } },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve(body));
        },
      ).on("error", reject);
    });
    expect((JSON.parse(viaHost) as { issuer: string }).issuer).toBe(`http://localhost:${sandbox.running.port}/google`);
    const proxied = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "sandbox.test" },
    });
    expect(((await proxied.json()) as { issuer: string }).issuer).toBe("https://sandbox.test/google");
  });
});

describe("Google authorize", () => {
  it("renders a consent page with labelled, prefilled fields and Approve/Deny buttons", async () => {
    const response = await fetch(authorizeUrl());
    const markup = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(markup).toContain("<title>Sign in with Google — Platform sandbox</title>");
    expect(markup).toMatch(
      /<label for="consent-name">Name<\/label>\s*<input id="consent-name"[^>]*value="Sandbox User"/,
    );
    expect(markup).toMatch(
      /<label for="consent-email">Email<\/label>\s*<input id="consent-email"[^>]*value="sandbox.user@example.com"/,
    );
    expect(markup).toMatch(/<button[^>]*value="approve">Approve<\/button>/);
    expect(markup).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
  });

  it.each([
    ["an unknown client", { client_id: "someone-else" }, "invalid_client"],
    ["a scope without openid", { scope: "email profile" }, "invalid_scope"],
    ["response_type=token", { response_type: "token" }, "unsupported_response_type"],
    ["a relative redirect_uri", { redirect_uri: "/callback" }, "redirect_uri_mismatch"],
  ])("shows an error page instead of redirecting for %s", async (_, extra, error) => {
    const response = await fetch(authorizeUrl(extra), { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain(error);
  });

  it("redirects back with a code, the state and Google's scope on approval", async () => {
    const location = await answerConsent(authorizeUrl());
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get("code")).toMatch(/^4\/0A/);
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["openid", "email", "profile", "https://www.googleapis.com/auth/userinfo.email"]),
    );
  });

  it("redirects back with access_denied and the state on Deny", async () => {
    const location = await answerConsent(authorizeUrl(), { decision: "deny" });
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toBeTruthy();
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.searchParams.get("code")).toBeNull();
  });
});

describe("Google token endpoint", () => {
  it("returns tokens and an id_token whose signature verifies against the JWKS", async () => {
    const tokens = await signIn({ email: "Ada@Example.com", name: "Ada Lovelace" });
    expect(tokens).toMatchObject({ expires_in: 3599, token_type: "Bearer", access_token: expect.any(String) });
    expect(String(tokens.scope).split(" ")).toContain("openid");
    expect(tokens.refresh_token).toBeUndefined();

    const jwt = decodeJwt(String(tokens.id_token));
    const jwks = (await (await fetch(`${issuer}/oauth2/v3/certs`)).json()) as {
      keys: (JsonWebKey & { kid: string })[];
    };
    const jwk = jwks.keys.find((key) => key.kid === jwt.header.kid);
    expect(jwt.header.alg).toBe("RS256");
    expect(jwk).toBeDefined();
    const publicKey = createPublicKey({ key: jwk as JsonWebKey, format: "jwk" });
    expect(verify("sha256", Buffer.from(jwt.signingInput), publicKey, jwt.signature)).toBe(true);
    expect(verify("sha256", Buffer.from(`${jwt.signingInput}x`), publicKey, jwt.signature)).toBe(false);

    const now = Math.floor(Date.now() / 1000);
    expect(jwt.payload).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      email: "ada@example.com",
      email_verified: true,
      name: "Ada Lovelace",
      nonce: "n-1",
    });
    expect(jwt.payload.sub).toMatch(/^\d{21}$/);
    expect(Number(jwt.payload.exp)).toBeGreaterThan(now);
    expect(Math.abs(Number(jwt.payload.iat) - now)).toBeLessThan(60);
  });

  it("gives the same e-mail the same sub across sign-ins, and another e-mail another", async () => {
    const sub = async (email: string) => decodeJwt(String((await signIn({ email })).id_token)).payload.sub;
    const first = await sub("grace@example.com");
    expect(await sub("GRACE@example.com")).toBe(first);
    expect(await sub("linus@example.com")).not.toBe(first);
  });

  it("refuses a wrong PKCE verifier and accepts a plain challenge", async () => {
    const { challenge } = pkcePair();
    const location = await answerConsent(authorizeUrl({ code_challenge: challenge, code_challenge_method: "S256" }));
    const refused = await exchange({
      code: location.searchParams.get("code") ?? "",
      code_verifier: pkcePair().verifier,
    });
    expect(refused).toEqual({ status: 400, body: { error: "invalid_grant", error_description: expect.any(String) } });

    const verifier = pkcePair().verifier;
    const plain = await answerConsent(authorizeUrl({ code_challenge: verifier, code_challenge_method: "plain" }));
    expect(
      (await exchange({ code: plain.searchParams.get("code") ?? "", code_verifier: verifier }, "post")).status,
    ).toBe(200);
  });

  it("refuses a code used twice and revokes what the first use issued", async () => {
    const location = await answerConsent(authorizeUrl());
    const code = location.searchParams.get("code") ?? "";
    const first = await exchange({ code });
    expect(first.status).toBe(200);
    const second = await exchange({ code });
    expect(second).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const userinfo = await fetch(`${issuer}/v1/userinfo`, {
      headers: { authorization: `Bearer ${String(first.body.access_token)}` },
    });
    expect(userinfo.status).toBe(401);
  });

  it("answers invalid_client 401 for a wrong secret and invalid_grant for a wrong redirect_uri", async () => {
    const code = (await answerConsent(authorizeUrl())).searchParams.get("code") ?? "";
    const wrongSecret = await fetch(`${issuer}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
        client_secret: "nope",
      }),
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: "invalid_client" });
    const wrongRedirect = await exchange({ code, redirect_uri: "http://127.0.0.1:3999/elsewhere" });
    expect(wrongRedirect.status).toBe(400);
  });

  it("expires codes after ten minutes", async () => {
    const code = (await answerConsent(authorizeUrl())).searchParams.get("code") ?? "";
    await sandbox.control.advanceClock(601);
    expect(await exchange({ code })).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("issues a refresh token only for access_type=offline, and refreshes with it", async () => {
    const tokens = await signIn({ extra: { access_type: "offline", prompt: "consent" } });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const response = await fetch(`${issuer}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: String(tokens.refresh_token),
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    const refreshed = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(refreshed).toMatchObject({ token_type: "Bearer", expires_in: 3599, id_token: expect.any(String) });
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBeUndefined();

    const bogus = await fetch(`${issuer}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: "1//nope",
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toMatchObject({ error: "invalid_grant" });
  });
});

describe("Google userinfo", () => {
  it("describes the signed-in user to a Bearer token", async () => {
    const tokens = await signIn({ email: "ada@example.com", name: "Ada King Lovelace" });
    const response = await fetch(`${issuer}/v1/userinfo`, {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    });
    expect(response.status).toBe(200);
    const profile = (await response.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      name: "Ada King Lovelace",
      given_name: "Ada",
      family_name: "King Lovelace",
      email: "ada@example.com",
      email_verified: true,
    });
    expect(profile.sub).toBe(decodeJwt(String(tokens.id_token)).payload.sub);
    expect((await fetch(String(profile.picture))).headers.get("content-type")).toMatch(/image\/svg/);
  });

  it("answers 401 to an unknown or expired token", async () => {
    expect((await fetch(`${issuer}/v1/userinfo`, { headers: { authorization: "Bearer ya29.nope" } })).status).toBe(401);
    expect((await fetch(`${issuer}/v1/userinfo`)).status).toBe(401);
    const tokens = await signIn();
    await sandbox.control.advanceClock(3600);
    expect(
      (await fetch(`${issuer}/v1/userinfo`, { headers: { authorization: `Bearer ${String(tokens.access_token)}` } }))
        .status,
    ).toBe(401);
  });
});

describe("control API", () => {
  it("lists users and token counts, and forgets them on reset", async () => {
    await signIn({ email: "ada@example.com" });
    expect(await sandbox.control.state()).toMatchObject({
      google: { users: [expect.objectContaining({ email: "ada@example.com" })] },
      tokens: { issued: 1, byPlatform: { google: { access: { issued: 1, active: 1 } } } },
    });
    await sandbox.control.reset();
    expect(await sandbox.control.state()).toMatchObject({ google: { users: [] }, tokens: { issued: 0 } });
  });
});
