import { DEFAULT_LINKEDIN_VERSION } from "@/lib/networks/server/api-versions";
import { describe, expect, it } from "vitest";
import { engagementAt } from "../../../sandbox/metrics";
import { facebookPageTokens, linkedInToken, twitterToken } from "../../../sandbox/testing-tokens";
import { ownSandbox } from "../../fixtures/own-sandbox";

/** The sandbox's metrics endpoints (sandbox/README.md "Metrics"): the platforms' shapes and refusals. */

const page = { id: "333333333333333", name: "Ada's Bakery", category: "Bakery" };
const LI_HEADERS = { "LinkedIn-Version": DEFAULT_LINKEDIN_VERSION, "X-Restli-Protocol-Version": "2.0.0" };

const sandbox = ownSandbox();

const getJson = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("sandbox metrics", () => {
  it("Facebook: post fields and views insights grow with sandbox time; deprecated impressions are refused", async () => {
    await sandbox.control.defineFacebookUser({
      id: "100000000000077",
      name: "Ada",
      email: "ada@example.com",
      pages: [page],
    });
    const token = (await facebookPageTokens(sandbox.url)).pages[page.id]!;
    const created = await fetch(`${sandbox.url}/facebook/graph/v25.0/${page.id}/feed`, {
      method: "POST",
      body: new URLSearchParams({ message: "Metrics", access_token: token }),
    });
    const { id } = (await created.json()) as { id: string };
    const fields =
      "shares,comments.summary(true).limit(0),reactions.summary(true).limit(0),insights.metric(post_media_view,post_total_media_view_unique)";
    const read = () =>
      getJson(`${sandbox.url}/facebook/graph/v25.0/${id}?${new URLSearchParams({ fields, access_token: token })}`);
    const first = await read();
    expect(first.status).toBe(200);
    const [post] = await sandbox.control.publishedPosts({ platform: "facebook" });
    const expected = engagementAt({ id, createdAtMs: Date.parse(post!.createdAt) }, Date.parse(post!.createdAt));
    expect(first.body.reactions).toEqual({
      data: [],
      summary: { total_count: expected.reactions, viewer_reaction: "NONE" },
    });
    expect(
      (first.body.insights as { data: { name: string; values: { value: number }[] }[] }).data.map((m) => [
        m.name,
        m.values[0]!.value,
      ]),
    ).toEqual([
      ["post_media_view", expected.views],
      ["post_total_media_view_unique", expected.reach],
    ]);
    await sandbox.control.advanceClock(3600);
    const later = await read();
    const views = (body: Record<string, unknown>) =>
      (body.insights as { data: { values: { value: number }[] }[] }).data[0]!.values[0]!.value;
    expect(views(later.body)).toBeGreaterThan(views(first.body));

    const deprecated = await getJson(
      `${sandbox.url}/facebook/graph/v25.0/${id}?${new URLSearchParams({ fields: "insights.metric(post_impressions)", access_token: token })}`,
    );
    expect(deprecated.status).toBe(400);
    expect((deprecated.body.error as { code: number }).code).toBe(100);

    await sandbox.control.deletePlatformPost("facebook", id);
    const gone = await read();
    expect(gone.status).toBe(400);
    expect(gone.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it("Facebook: insights need read_insights; without it a read asking for them fails whole with (#10), as Graph does", async () => {
    const owner = {
      id: "100000000000078",
      name: "Ben",
      email: "ben@example.com",
      pages: [{ ...page, id: "100000000000779" }],
    };
    await sandbox.control.defineFacebookUser(owner);
    const pageId = owner.pages[0]!.id;
    const token = (await facebookPageTokens(sandbox.url, { declinePermissions: ["read_insights"] })).pages[pageId]!;
    const created = await fetch(`${sandbox.url}/facebook/graph/v25.0/${pageId}/feed`, {
      method: "POST",
      body: new URLSearchParams({ message: "No insights", access_token: token }),
    });
    const { id } = (await created.json()) as { id: string };
    const engagement = "shares,comments.summary(true).limit(0),reactions.summary(true).limit(0)";
    const withInsights = `${engagement},insights.metric(post_media_view)`;
    const single = (fields: string) =>
      getJson(`${sandbox.url}/facebook/graph/v25.0/${id}?${new URLSearchParams({ fields, access_token: token })}`);
    const multiple = (fields: string) =>
      getJson(`${sandbox.url}/facebook/graph/v25.0/?${new URLSearchParams({ ids: id, fields, access_token: token })}`);
    const refused = {
      code: 10,
      type: "OAuthException",
      message: expect.stringContaining("requires the 'read_insights' permission"),
    };
    for (const answer of [await single(withInsights), await multiple(withInsights)]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toMatchObject(refused);
      expect(answer.body).not.toHaveProperty("reactions");
    }
    const plain = await single(engagement);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ reactions: { summary: { total_count: expect.any(Number) } } });
    expect(plain.body).not.toHaveProperty("insights");
    expect((await multiple(engagement)).body[id]).toMatchObject({ comments: { summary: expect.any(Object) } });
  });

  it("X: GET /2/tweets?ids= answers public_metrics, reports deleted ids, and refuses more than 100 ids", async () => {
    const { token, userId } = await twitterToken(sandbox.url, "metricsada");
    const auth = { authorization: `Bearer ${token}` };
    const ids: string[] = [];
    for (const text of ["one", "two"]) {
      const response = await fetch(`${sandbox.url}/x/api/2/tweets`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ text }),
      });
      ids.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    await sandbox.control.deletePlatformPost("twitter", ids[1]!);
    const lookup = await getJson(
      `${sandbox.url}/x/api/2/tweets?ids=${ids.join(",")}&tweet.fields=public_metrics`,
      auth,
    );
    expect(lookup.status).toBe(200);
    const data = lookup.body.data as { id: string; public_metrics: Record<string, number> }[];
    expect(data.map((tweet) => tweet.id)).toEqual([ids[0]]);
    expect(Object.keys(data[0]!.public_metrics).sort()).toEqual([
      "bookmark_count",
      "impression_count",
      "like_count",
      "quote_count",
      "reply_count",
      "retweet_count",
    ]);
    expect(lookup.body.errors).toMatchObject([{ resource_id: ids[1], title: "Not Found Error" }]);

    const tooMany = Array.from({ length: 101 }, (_, i) => String(1000 + i)).join(",");
    expect((await getJson(`${sandbox.url}/x/api/2/tweets?ids=${tooMany}`, auth)).status).toBe(400);
    expect((await getJson(`${sandbox.url}/x/api/2/tweets?ids=${ids[0]}&tweet.fields=views`, auth)).status).toBe(400);
    await sandbox.control.publishFaults({
      platform: "twitter",
      kind: "rate_limit",
      target: userId,
      operations: ["metrics"],
    });
    const limited = await fetch(`${sandbox.url}/x/api/2/tweets?ids=${ids[0]}`, { headers: auth });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("x-rate-limit-reset"))).toBeGreaterThan(Date.now() / 1000);
  });

  it("LinkedIn: socialMetadata needs r_member_social", async () => {
    const { token, sub } = await linkedInToken(sandbox.url);
    const created = await fetch(`${sandbox.url}/linkedin/api/rest/posts`, {
      method: "POST",
      headers: { ...LI_HEADERS, authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        author: `urn:li:person:${sub}`,
        commentary: "Metrics",
        visibility: "PUBLIC",
        distribution: { feedDistribution: "MAIN_FEED" },
        lifecycleState: "PUBLISHED",
      }),
    });
    const urn = created.headers.get("x-restli-id")!;
    const read = await getJson(`${sandbox.url}/linkedin/api/rest/socialMetadata/${encodeURIComponent(urn)}`, {
      ...LI_HEADERS,
      authorization: `Bearer ${token}`,
    });
    expect(read.status).toBe(403);
  });
});
