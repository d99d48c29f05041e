import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postTargets } from "@/db/schema";
import { registeredClient } from "../../fixtures/api-client";
import { authorize, completeCallback, sandbox, uid, type ConnectedAccountBody } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";
import { sleep } from "../../fixtures/sleep";
import { testStack } from "../../fixtures/test-stack";

/**
 * X's pay-per-use billing while publishing: with the installation's X credits used up (402) or a
 * monthly usage cap reached (429 usage-capped), the page fails at once with a message that says so,
 * is not retried at the next 15-minute window, and the operator sees the problem in /api/health.
 * The run's sandbox plays the pay-per-use plan for this file and goes back to Enterprise after it.
 */

type Client = Awaited<ReturnType<typeof registeredClient>>["client"];
interface PostBody {
  id: string;
  status: string;
  pages: { status: string; error: { message: string } | null }[];
}
interface Health {
  providerAlerts: { provider: string; kind: string; message: string; providerCode: string | null }[];
}

let alerts: typeof import("@/lib/server/provider-alerts");
let closeRedis: (typeof import("@/lib/server/redis"))["closeRedis"];

beforeAll(async () => {
  Object.assign(process.env, testStack().env);
  alerts = await import("@/lib/server/provider-alerts");
  ({ closeRedis } = await import("@/lib/server/redis"));
  await sandbox().setTwitterTier("payg");
});

afterAll(async () => {
  await sandbox().setTwitterBilling({ credits_usd: null, spend_limit_reached: false });
  await sandbox().setTwitterTier("enterprise");
  await alerts.clearProviderAlert("x", "usage_capped");
  await alerts.clearProviderAlert("x", "credits_depleted");
  await closeRedis();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

async function connectTwitter(client: Client) {
  const search = await authorize(client, "twitter", { username: `bill_${uid()}` });
  const { userAccessToken, accountId } = await completeCallback(client, "twitter", search);
  const response = await client.post("/api/social/connect/twitter", { userAccessToken });
  expect(response.status, response.text).toBe(200);
  return { twitterUserId: accountId, account: response.body.data as ConnectedAccountBody };
}

async function publishToX(client: Client, account: ConnectedAccountBody, content: string): Promise<PostBody> {
  const created = await client.post("/api/social/posts", {
    pages: [{ type: "post", pageId: account.pages[0]!.id, platform: "twitter" }],
    content,
  });
  expect(created.status, created.text).toBe(201);
  const post = created.body.post as PostBody;
  await client.post(`/api/post/${post.id}/publish`, {});
  return until(
    async () => (await client.get(`/api/post/${post.id}`)).body.post as PostBody,
    (body) => body.status === "published" || body.status === "failed",
    "the post to settle",
  );
}

const health = async () => (await (await fetch(`${testStack().appUrl}/api/health`)).json()) as Health;
const xAlert = (body: Health, kind: string) =>
  body.providerAlerts.find((alert) => alert.provider === "x" && alert.kind === kind);

describe("X billing while publishing", () => {
  it("402 CreditsDepleted: the page fails once, saying the installation's X credits are used up; health tells the operator until a post goes out again", async () => {
    const { client } = await registeredClient();
    const { twitterUserId, account } = await connectTwitter(client);
    await sandbox().setTwitterBilling({ credits_usd: 0 });

    const failed = await publishToX(client, account, `No credits ${uid()}`);
    expect(failed.status).toBe("failed");
    expect(failed.pages[0]!.error!.message).toBe(
      "The Twitter/X API credits of this Postloom installation are used up, so Twitter/X refused the post. Its operator must add credits; publish again afterwards.",
    );
    const calls = await sandbox().publishCalls({ platform: "twitter", target: twitterUserId });
    expect(calls.map((call) => call.status)).toEqual([402]);
    expect(xAlert(await health(), "credits_depleted")).toMatchObject({ providerCode: "CreditsDepleted" });

    await sandbox().setTwitterBilling({ credits_usd: 5 });
    expect((await publishToX(client, account, `Credits again ${uid()}`)).status).toBe("published");
    expect(xAlert(await health(), "credits_depleted")).toBeUndefined();
  });

  it("429 usage-capped: the page fails at once naming the monthly cap, with no retry at the next window; health lists the cap", async () => {
    const { client } = await registeredClient();
    const { twitterUserId, account } = await connectTwitter(client);
    await sandbox().setTwitterBilling({ credits_usd: null, spend_limit_reached: true });

    const failed = await publishToX(client, account, `Capped ${uid()}`);
    expect(failed.status).toBe("failed");
    expect(failed.pages[0]!.error!.message).toBe(
      'This Postloom installation has reached its monthly Twitter/X API usage cap (Twitter/X: "Usage cap exceeded: Monthly spending limit"), so Twitter/X refused the post. Its operator can raise the cap; otherwise publish again after it resets with the next billing cycle.',
    );
    const [target] = await testDb().select().from(postTargets).where(eq(postTargets.postId, failed.id));
    expect(target).toMatchObject({ status: "failed", errorCode: "usage_capped", nextAttemptAt: null, attempts: 1 });
    const calls = await sandbox().publishCalls({ platform: "twitter", target: twitterUserId });
    expect(calls.map((call) => call.status)).toEqual([429]);
    expect(xAlert(await health(), "usage_capped")).toMatchObject({ providerCode: "UsageCapExceeded" });
    await sandbox().setTwitterBilling({ spend_limit_reached: false });
  });
});
