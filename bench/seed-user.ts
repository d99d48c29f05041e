import { randomBytes } from "node:crypto";
import pg from "pg";
import { answerConsent, sandboxControl } from "../sandbox/testing";
import { client } from "./http-client";
import { settleSeededMetrics } from "./seed-metrics";

/**
 * A signed-in user as after a few weeks of use: a Facebook account with one Page connected through
 * the sandbox's consent screen, drafts, posts scheduled over the coming days, posts published over
 * the last weeks with figures (for the analytics page), and a chat. Returns the session cookie.
 */
export async function seedUser(appUrl: string, sandboxUrl: string, databaseUrl: string) {
  const user = client(appUrl);
  const tag = randomBytes(4).toString("hex");
  const registered = await user.call("POST", "/api/auth/register", {
    name: "Grace Bench",
    email: `lighthouse-${tag}@example.com`,
    password: "bench-password",
    password2: "bench-password",
  });
  const userId = (registered.user as { id: string }).id;

  const fbId = String(randomBytes(6).readUIntBE(0, 6));
  await sandboxControl(sandboxUrl).defineFacebookUser({
    id: fbId,
    name: `Facebook ${fbId}`,
    email: `${fbId}@example.com`,
    pages: [
      {
        id: `${fbId}1`,
        name: "Corner Bakery",
        category: "Bakery",
        fan_count: 1500,
        tasks: ["CREATE_CONTENT", "MANAGE"],
      },
    ],
  });
  const started = await user.call("GET", "/api/social/auth/facebook/url");
  const callback = await answerConsent((started.data as { authUrl: string }).authUrl);
  const done = await user.call("GET", `/api/social/auth/facebook/callback${callback.search}`);
  const { userAccessToken } = done.data as { userAccessToken: string };
  const listed = await user.call("POST", "/api/social/facebook/pages", { userAccessToken });
  const connected = await user.call("POST", "/api/social/facebook/connect-pages", {
    userAccessToken,
    pages: (listed.data as { id: string }[]).map((page) => page.id),
  });
  const pageId = (connected.data as { pages: { id: string }[] }).pages[0]!.id;

  for (let i = 1; i <= 6; i += 1) {
    const draft = await user.call("POST", "/api/social/posts", {
      pages: [{ type: "post", pageId, platform: "facebook" }],
      title: `Weekend special ${i}`,
      content: `Fresh sourdough and rye this weekend, batch ${i}. Come early: the cinnamon rolls go fast.`,
    });
    // Half stay drafts; the others are scheduled over the coming days (they show on the calendar).
    if (i % 2 === 0) {
      const postId = (draft.post as { id: string }).id;
      const scheduledAt = new Date(Date.now() + i * 86_400_000).toISOString();
      await user.call("PUT", `/api/post/${postId}`, { status: "scheduled", scheduledAt });
    }
  }
  await user.call("POST", "/api/openai/chat", { message: "Ideas for a bakery post this weekend?" });

  // Published posts with figures, written as the worker's sync would leave them (the worker does
  // not run here, so nothing is published for real).
  const db = new pg.Client({ connectionString: databaseUrl });
  db.on("error", () => {});
  await db.connect();
  await db.query(
    `with p as (
       insert into posts (user_id, content, status, created_at, published_at)
       select $1, 'Published bakery post ' || g, 'published', now() - (g * 2 || ' days')::interval,
              now() - (g * 2 || ' days')::interval
       from generate_series(1, 12) g returning id, published_at)
     insert into post_targets (post_id, page_id, type, platform, page_name, status, platform_post_id, published_at)
     select id, $2, 'post', 'facebook', 'Corner Bakery', 'published', 'bench-' || id, published_at from p`,
    [userId, pageId],
  );
  await db.query(
    `insert into metric_snapshots (post_target_id, captured_at, views, likes, comments, shares, reach)
     select t.id, least(now(), t.published_at + (k * 6 || ' hours')::interval),
            k * (10 + abs(hashtext(t.id::text)) % 50), k * (abs(hashtext(t.id::text)) % 5),
            k * (abs(hashtext(t.id::text)) % 2), k * (abs(hashtext(t.id::text)) % 3), k * 7
     from post_targets t join posts p on p.id = t.post_id, generate_series(1, 8) k
     where p.user_id = $1 and t.status = 'published'`,
    [userId],
  );
  await settleSeededMetrics(db, userId);
  await db.end();
  // The analytics charts read the daily rollups, which the sync writes as it reads; a change of time
  // zone rebuilds them from the snapshots (lib/analytics/server/ingest.ts), so a round trip through
  // another zone gives the analytics page its figures by the product's own code.
  await user.call("PATCH", "/api/auth/user", { timeZone: "Europe/London" });
  await user.call("PATCH", "/api/auth/user", { timeZone: "UTC" });
  return { cookie: user.cookie(), userId };
}
