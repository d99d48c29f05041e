import { describe, expect, it } from "vitest";
import type { TopPost } from "@/lib/analytics/schemas";
import type { PostDto } from "@/lib/posts/schemas";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook, storedTokens, uid } from "../../fixtures/social";
import { accountRow, draft, expectedFigures, metricsOf, publishNow, targetsOf, until } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/**
 * Facebook post insights (views, reach) need read_insights, which a person may untick in Facebook's
 * dialog. Connect asks for it and stores what Facebook granted (GET /me/permissions); a Page without
 * it still publishes and its reactions and comments are still read (the sandbox, like Graph, fails
 * the whole read when it asks insights without the permission), and its views are unavailable:
 * null in storage and in the API, "—" on screen, never 0.
 */

describe("Facebook read_insights", () => {
  it("connect asks for read_insights and stores the permissions Facebook granted", async () => {
    const { client } = await registeredClient();
    const started = await client.get("/api/social/auth/facebook/url");
    const authUrl = new URL((started.body.data as { authUrl: string }).authUrl);
    expect(authUrl.searchParams.get("scope")?.split(",")).toContain("read_insights");

    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    expect((await accountRow(account.id)).scopes).toContain("read_insights");
    const declined = await registeredClient();
    const { account: without } = await connectFacebook(declined.client, (ids) => ids.slice(0, 1), undefined, 3, {
      declinePermissions: ["read_insights"],
    });
    const scopes = (await accountRow(without.id)).scopes;
    expect(scopes).toEqual(expect.arrayContaining(["pages_show_list", "pages_manage_posts", "pages_read_engagement"]));
    expect(scopes).not.toContain("read_insights");
  });

  it("a Page that declined it: engagement is read, views and reach are null (unavailable), not 0", async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1), undefined, 3, {
      declinePermissions: ["read_insights"],
    });
    const postId = await draft(client, [{ id: account.pages[0]!.id, platform: "facebook" }], `Unseen ${uid()}`);
    await publishNow(client, postId);
    const [row] = await until(
      () => metricsOf(postId),
      (rows) => rows.length === 1 && rows[0]!.capturedAt !== null,
      "the page to be read",
    );
    expect(row!.lastError).toBeNull();
    const [target] = await targetsOf(postId);
    const candidates = await expectedFigures("facebook", target!.platformPostId!, row!.capturedAt!);
    expect(candidates.map((e) => ({ likes: e.reactions, comments: e.comments }))).toContainEqual({
      likes: row!.likes,
      comments: row!.comments,
    });
    expect({ views: row!.views, reach: row!.reach }).toEqual({ views: null, reach: null });

    const post = (await client.get(`/api/post/${postId}`)).body.post as PostDto;
    expect(post.metrics).toMatchObject({ views_sum: null, views_unavailable: 1, likes_sum: row!.likes });
    expect(post.metrics!.byPlatform.facebook).toMatchObject({ views: null, engagement_rate: null });
    const top = (await client.get("/api/analytics/top-posts?limit=10&sortBy=views")).body.data as TopPost[];
    expect(top.find((entry) => entry._id === postId)?.metrics).toMatchObject({ views: null, engagementRate: null });
  });

  it("taken back in Facebook's settings after connect: Graph refuses the insights, the read asks again without them", async () => {
    const { client } = await registeredClient();
    const { account } = await connectFacebook(client, (ids) => ids.slice(0, 1));
    expect((await accountRow(account.id)).scopes).toContain("read_insights");
    const [user] = await storedTokens(account.id);
    const revoked = await fetch(
      `${testStack().sandboxUrl}/facebook/graph/v25.0/me/permissions/read_insights?access_token=${encodeURIComponent(user!.plaintext)}`,
      { method: "DELETE" },
    );
    expect(revoked.status).toBe(200);
    const postId = await draft(client, [{ id: account.pages[0]!.id, platform: "facebook" }], `Revoked ${uid()}`);
    await publishNow(client, postId);
    const [row] = await until(
      () => metricsOf(postId),
      (rows) => rows.length === 1 && rows[0]!.capturedAt !== null,
      "the page to be read",
    );
    expect(row!.lastError).toBeNull();
    const [target] = await targetsOf(postId);
    const candidates = await expectedFigures("facebook", target!.platformPostId!, row!.capturedAt!);
    expect(candidates.map((e) => ({ likes: e.reactions, comments: e.comments }))).toContainEqual({
      likes: row!.likes,
      comments: row!.comments,
    });
    expect({ views: row!.views, reach: row!.reach }).toEqual({ views: null, reach: null });
  });
});
