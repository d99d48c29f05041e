import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { PEER_HEADER } from "@/lib/server/http/client-address";
import { ApiClient, registeredClient, uniqueEmail } from "../../fixtures/api-client";
import { testDb } from "../../fixtures/test-db";
import { startWebProcess } from "../../fixtures/web-process";

/**
 * Login and registration limits. The test stack trusts one proxy hop
 * (TRUST_PROXY_HOPS=1), so the last X-Forwarded-For entry is the address "our proxy" saw: each test
 * picks its own addresses and never shares a counter with another test.
 */

const LIMIT = 10; // LOGIN_MAX_FAILURES's default
const LOGIN_MAX_DELAY_MS = 5_000; // the longest a slowed attempt waits (lib/auth/server/rate-limit.ts)
const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;

function login(ip: string, email: string, password: string, forwardedBy = "") {
  return new ApiClient().request("POST", "/api/auth/login", {
    json: { email, password },
    headers: { "X-Forwarded-For": forwardedBy ? `${forwardedBy}, ${ip}` : ip },
  });
}

function register(ip: string, email: string) {
  return new ApiClient().request("POST", "/api/auth/register", {
    json: { name: "Rate Tester", email, password: "secret1", password2: "secret1" },
    headers: { "X-Forwarded-For": ip },
  });
}

const statuses = (responses: { status: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});

describe("login throttling", () => {
  it("counts before checking: 30 parallel wrong passwords get exactly the limit checked, the rest 429", async () => {
    const { email } = await registeredClient();
    const ip = randomIp();
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(ip, email, `wrong-${i}`)));
    expect(statuses(responses)).toEqual({ 401: LIMIT, 429: 30 - LIMIT });
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ success: false, error: "Too many requests", code: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a client's own X-Forwarded-For entries do not make new addresses: only the hop our proxy adds counts", async () => {
    // One address (the proxy's view), many e-mails, a new leftmost X-Forwarded-For every time: past
    // five times the per-account limit, the address's attempts are slowed all the same.
    const ip = randomIp();
    const first = await Promise.all(
      Array.from({ length: LIMIT * 5 + 5 }, () => login(ip, uniqueEmail("nobody"), "whatever", randomIp())),
    );
    expect(statuses(first)).toEqual({ 401: LIMIT * 5 + 5 });
    const started = Date.now();
    expect((await login(ip, uniqueEmail("nobody"), "whatever", randomIp())).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_MAX_DELAY_MS);
  });

  it("an office behind one address is slowed, not locked: after many failures from it, the right password for an account not under attack works", async () => {
    const ip = randomIp();
    // A scanner (or a room of typos) behind the office's address, over many accounts: never 429.
    const failures = await Promise.all(
      Array.from({ length: LIMIT * 5 + 5 }, (_, i) => login(ip, uniqueEmail(`typo-${i}`), "wrong")),
    );
    expect(statuses(failures)).toEqual({ 401: LIMIT * 5 + 5 });

    const { email, password } = await registeredClient();
    const started = Date.now();
    const colleague = await login(ip, email, password);
    expect(colleague.status).toBe(200);
    expect(colleague.body).toMatchObject({ success: true, user: { email } });
    // It waited (the address is slowed), no longer than the cap and the request itself.
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_MAX_DELAY_MS);

    // The account itself under attack from that address is what locks.
    await Promise.all(Array.from({ length: LIMIT }, (_, i) => login(ip, email, `wrong-${i}`)));
    const locked = await login(ip, email, password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);

  it("with the default TRUST_PROXY_HOPS=0, X-Forwarded-For is ignored: the socket's address counts", async () => {
    // A second web process on the same database and Redis, configured as a deployment without a
    // proxy. Its addresses come from the socket, stamped by instrumentation.ts over any header a
    // client sends by that name.
    const web = await startWebProcess({ TRUST_PROXY_HOPS: "0" });
    try {
      const { email } = await registeredClient();
      const attempt = (i: number) =>
        new ApiClient(web.url).request("POST", "/api/auth/login", {
          json: { email, password: `wrong-${i}` },
          headers: { "X-Forwarded-For": randomIp(), [PEER_HEADER]: randomIp() },
        });
      for (let i = 0; i < LIMIT; i += 1) expect((await attempt(i)).status).toBe(401);
      expect((await attempt(LIMIT)).status).toBe(429);
    } finally {
      await web.stop();
    }
  }, 60_000);

  it("the strict limit is per e-mail and address: another person's wrong passwords do not lock the owner out", async () => {
    const { email, password } = await registeredClient();
    const attacker = randomIp();
    const owner = randomIp();
    await Promise.all(Array.from({ length: LIMIT }, (_, i) => login(attacker, email, `wrong-${i}`)));

    const attackerAgain = await login(attacker, email, password);
    expect(attackerAgain.status).toBe(429);
    const ownerLogin = await login(owner, email, password);
    expect(ownerLogin.status).toBe(200);
    expect(ownerLogin.body).toMatchObject({ success: true, user: { email } });
  });

  it("the e-mail alone is slowed, not locked: past the limit from many addresses each attempt waits, the owner still gets in", async () => {
    const { email, password } = await registeredClient();
    for (const ip of [randomIp(), randomIp()])
      await Promise.all(Array.from({ length: LIMIT }, (_, i) => login(ip, email, `wrong-${i}`)));

    const started = Date.now();
    const slowed = await login(randomIp(), email, "still-wrong");
    expect(slowed.status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);

    const owner = await login(randomIp(), email, password);
    expect(owner.status).toBe(200);
    // The owner's success forgives the e-mail's failures: the next attempt is not slowed.
    const after = Date.now();
    expect((await login(randomIp(), email, password)).status).toBe(200);
    expect(Date.now() - after).toBeLessThan(2_000);
  });
});

describe("registration throttling", () => {
  it("asking about a taken e-mail is limited per address, with the login's answer shape, and a refused registration creates nothing", async () => {
    const { email } = await registeredClient();
    const ip = randomIp();
    const responses = await Promise.all(Array.from({ length: 30 }, () => register(ip, email)));
    expect(statuses(responses)).toEqual({ 409: LIMIT, 429: 30 - LIMIT });
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ success: false, error: "Too many requests", code: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const fresh = uniqueEmail();
    expect((await register(ip, fresh)).status).toBe(429);
    expect(await testDb().select().from(users).where(eq(users.email, fresh))).toHaveLength(0);
    expect((await register(randomIp(), fresh)).status).toBe(201);
  });

  it("new accounts do not count against the address", async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMIT + 3; i += 1) expect((await register(ip, uniqueEmail())).status).toBe(201);
  });
});
