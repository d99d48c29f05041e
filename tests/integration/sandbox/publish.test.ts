import { DEFAULT_LINKEDIN_VERSION } from "@/lib/networks/server/api-versions";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { facebookPageTokens, linkedInToken, twitterToken } from "../../../sandbox/testing-tokens";
import { call } from "../../fixtures/fetch-json";
import { ownSandbox } from "../../fixtures/own-sandbox";

/** Publishing on the sandbox's Facebook Pages, X and LinkedIn, as the network clients (lib/networks/<network>/server/) publish for real. */

const bakery = { id: "111111111111111", name: "Ada's Bakery", category: "Bakery" };
const cafe = { id: "222222222222222", name: "Ada's Cafe", category: "Cafe" };
const ada = { id: "100000000000042", name: "Ada Lovelace", email: "ada@example.com", pages: [bakery, cafe] };
const LI_HEADERS = { "LinkedIn-Version": DEFAULT_LINKEDIN_VERSION, "X-Restli-Protocol-Version": "2.0.0" };

const sandbox = ownSandbox((control) => control.defineFacebookUser(ada));
let graph: string;
let twitterApi: string;
let liApi: string;
beforeAll(() => {
  graph = `${sandbox.url}/facebook/graph/v20.0`;
  twitterApi = `${sandbox.url}/x/api/2`;
  liApi = `${sandbox.url}/linkedin/api`;
});

const feedPost = (pageId: string, token: string, fields: Record<string, string>) =>
  call(`${graph}/${pageId}/feed`, { method: "POST", body: new URLSearchParams({ ...fields, access_token: token }) });

const tweet = (token: string, body: unknown) =>
  call(`${twitterApi}/tweets`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const linkedInPost = (token: string, author: string, commentary: string, extra: Record<string, unknown> = {}) =>
  call(`${liApi}/rest/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...LI_HEADERS },
    body: JSON.stringify({
      author,
      commentary,
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
      ...extra,
    }),
  });

describe("Facebook Pages", () => {
  it("posts to the feed with the Page's token, reads it back newest first, and gives its permalink", async () => {
    const { pages } = await facebookPageTokens(sandbox.url);
    const first = await feedPost(bakery.id, pages[bakery.id]!, { message: "Fresh bread" });
    expect(first.status).toBe(200);
    expect(first.body.id).toMatch(new RegExp(`^${bakery.id}_\\d+$`));
    const json = await call(`${graph}/${bakery.id}/feed`, {
      method: "POST",
      headers: { authorization: `Bearer ${pages[bakery.id]}`, "content-type": "application/json" },
      body: JSON.stringify({ message: "Croissants", link: "https://example.com/menu" }),
    });
    expect(json.status).toBe(200);
    const query = await call(`${graph}/${bakery.id}/feed?message=Scones&access_token=${pages[bakery.id]}`, {
      method: "POST",
    });
    expect(query.status).toBe(200);

    const feed = await call(
      `${graph}/${bakery.id}/feed?fields=id,message,created_time&limit=2&access_token=${pages[bakery.id]}`,
    );
    expect(feed.status).toBe(200);
    const data = feed.body.data as unknown as { id: string; message: string; created_time: string }[];
    expect(data.map((post) => post.message)).toEqual(["Scones", "Croissants"]);
    expect(data[0]!.created_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);

    const permalink = await call(`${graph}/${first.body.id}?fields=permalink_url&access_token=${pages[bakery.id]}`);
    expect(permalink.body).toEqual({ id: first.body.id, permalink_url: `https://www.facebook.com/${first.body.id}` });
    expect(await sandbox.control.publishedPosts({ platform: "facebook", target: bakery.id })).toHaveLength(3);
    expect(await sandbox.control.publishedPosts({ platform: "facebook", target: cafe.id })).toHaveLength(0);
  });

  it("refuses user tokens, other Pages' tokens, dead tokens and empty posts", async () => {
    const { user, pages } = await facebookPageTokens(sandbox.url);
    expect((await feedPost(bakery.id, user, { message: "x" })).body.error).toMatchObject({ code: 200 });
    expect((await feedPost(bakery.id, pages[cafe.id]!, { message: "x" })).body.error).toMatchObject({ code: 200 });
    expect((await feedPost(bakery.id, "EAAnonsense", { message: "x" })).body.error).toMatchObject({ code: 190 });
    await sandbox.control.expireFacebookPageToken(bakery.id);
    const expired = await feedPost(bakery.id, pages[bakery.id]!, { message: "x" });
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463 });
    const fresh = await facebookPageTokens(sandbox.url);
    expect((await feedPost(bakery.id, fresh.pages[bakery.id]!, {})).body.error).toMatchObject({ code: 100 });
    expect(await sandbox.control.publishedPosts()).toHaveLength(0);
  });

  it("refuses the same status twice on a Page with #506", async () => {
    const { pages } = await facebookPageTokens(sandbox.url);
    expect((await feedPost(bakery.id, pages[bakery.id]!, { message: "Same" })).status).toBe(200);
    const again = await feedPost(bakery.id, pages[bakery.id]!, { message: "Same" });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 506, message: "(#506) Duplicate status message" });
    expect((await feedPost(cafe.id, pages[cafe.id]!, { message: "Same" })).status).toBe(200);
  });

  it("posts photos by URL or upload, and unpublished photos as attached_media", async () => {
    const { pages } = await facebookPageTokens(sandbox.url);
    const token = pages[bakery.id]!;
    const byUrl = await call(`${graph}/${bakery.id}/photos`, {
      method: "POST",
      body: new URLSearchParams({ url: "https://example.com/cake.jpg", caption: "Cake", access_token: token }),
    });
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.post_id).toMatch(new RegExp(`^${bakery.id}_\\d+$`));
    const form = new FormData();
    form.set("source", new Blob([randomBytes(2048)], { type: "image/jpeg" }), "pie.jpg");
    form.set("published", "false");
    form.set("access_token", token);
    const upload = await call(`${graph}/${bakery.id}/photos`, { method: "POST", body: form });
    expect(upload.status).toBe(200);
    expect(upload.body).toEqual({ id: expect.stringMatching(/^\d+$/) as unknown });
    const album = await feedPost(bakery.id, token, {
      message: "Two pies",
      attached_media: JSON.stringify([{ media_fbid: upload.body.id }]),
    });
    expect(album.status).toBe(200);
    const bogus = await feedPost(bakery.id, token, { message: "No", attached_media: '[{"media_fbid":"999"}]' });
    expect(bogus.body.error).toMatchObject({ code: 100 });
    const posts = await sandbox.control.publishedPosts({ platform: "facebook" });
    expect(posts.map((post) => [post.text, post.mediaIds])).toEqual([
      ["Cake", [expect.any(String)]],
      ["Two pies", [upload.body.id]],
    ]);
  });
});

describe("X", () => {
  it("creates posts (201), with replies and uploaded media, and lists them newest first", async () => {
    const { token, userId } = await twitterToken(sandbox.url);
    const first = await tweet(token, { text: "Hello X" });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ id: expect.stringMatching(/^\d{19}$/) as unknown, text: "Hello X" });
    const form = new FormData();
    form.set("media", new Blob([randomBytes(1024)], { type: "image/png" }), "a.png");
    form.set("media_category", "tweet_image");
    const media = await call(`${twitterApi}/media/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(media.status).toBe(200);
    const mediaId = (media.body.data as unknown as { id: string; media_key: string }).id;
    expect((media.body.data as unknown as { media_key: string }).media_key).toBe(`3_${mediaId}`);
    const firstId = (first.body.data as unknown as { id: string }).id;
    const reply = await tweet(token, {
      text: "Part 2",
      reply: { in_reply_to_tweet_id: firstId },
      media: { media_ids: [mediaId] },
    });
    expect(reply.status).toBe(201);
    expect((await tweet(token, { text: "bad media", media: { media_ids: ["123"] } })).status).toBe(400);

    const list = await call(`${twitterApi}/users/${userId}/tweets?max_results=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const data = list.body.data as unknown as { text: string; created_at: string }[];
    // As on X, a post with media reads back with a t.co link to it appended.
    expect(data.map((item) => item.text)).toEqual([
      expect.stringMatching(/^Part 2 https:\/\/t\.co\/[\w-]{10}$/),
      "Hello X",
    ]);
    // Links are rewritten to t.co; asked for, entities say what each stood for.
    await tweet(token, { text: "Read https://example.com/bread today" });
    const withEntities = await call(
      `${twitterApi}/users/${userId}/tweets?max_results=5&tweet.fields=created_at,entities`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const [linked] = withEntities.body.data as unknown as {
      text: string;
      entities: { urls: { url: string; expanded_url: string }[] };
    }[];
    expect(linked!.text).toMatch(/^Read https:\/\/t\.co\/[\w-]{10} today$/);
    expect(linked!.entities.urls).toEqual([
      expect.objectContaining({ url: linked!.text.split(" ")[1], expanded_url: "https://example.com/bread" }),
    ]);
    expect(Date.parse(data[0]!.created_at)).toBeGreaterThan(0);
    const posts = await sandbox.control.publishedPosts({ platform: "twitter", target: userId });
    expect(posts[1]).toMatchObject({ replyTo: firstId, mediaIds: [mediaId] });
  });

  it("refuses duplicates (403), over-long text (400) and tokens without tweet.write", async () => {
    const { token } = await twitterToken(sandbox.url);
    await tweet(token, { text: "Once" });
    const duplicate = await tweet(token, { text: "Once" });
    expect(duplicate.status).toBe(403);
    expect(duplicate.body).toEqual({
      detail: "You are not allowed to create a Tweet with duplicate content.",
      type: "about:blank",
      title: "Forbidden",
      status: 403,
    });
    expect((await tweet(token, { text: "a".repeat(280) })).status).toBe(201);
    // 140 CJK characters weigh 280; one more is too many. A long URL counts as 23.
    expect((await tweet(token, { text: "漢".repeat(141) })).status).toBe(400);
    expect((await tweet(token, { text: `${"b".repeat(250)} https://example.com/${"x".repeat(100)}` })).status).toBe(
      201,
    );
    expect((await tweet("nonsense", { text: "x" })).status).toBe(401);
  });
});

describe("LinkedIn", () => {
  it("creates posts (201, x-restli-id), uploads images, and lists the author's posts (an approved app)", async () => {
    // Listing needs r_member_social, which only an app LinkedIn approved gets.
    const { token, sub } = await linkedInToken(sandbox.url, {}, { partner: true });
    const author = `urn:li:person:${sub}`;
    const init = await call(`${liApi}/rest/images?action=initializeUpload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...LI_HEADERS },
      body: JSON.stringify({ initializeUploadRequest: { owner: author } }),
    });
    expect(init.status).toBe(200);
    const value = init.body.value as unknown as { uploadUrl: string; image: string; uploadUrlExpiresAt: number };
    expect(value.image).toMatch(/^urn:li:image:/);
    expect((await linkedInPost(token, author, "Too early", { content: { media: { id: value.image } } })).status).toBe(
      422,
    );
    const put = await call(value.uploadUrl, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: randomBytes(512),
    });
    expect(put.status).toBe(201);

    const created = await linkedInPost(token, author, "Hello LinkedIn", { content: { media: { id: value.image } } });
    expect(created.status).toBe(201);
    expect(created.body).toBe("");
    expect(created.headers.get("x-restli-id")).toMatch(/^urn:li:share:\d+$/);
    await linkedInPost(token, author, "Second");
    const list = await call(`${liApi}/rest/posts?author=${encodeURIComponent(author)}&q=author&count=10`, {
      headers: { authorization: `Bearer ${token}`, ...LI_HEADERS },
    });
    const elements = list.body.elements as unknown as { id: string; commentary: string; createdAt: number }[];
    expect(elements.map((post) => post.commentary)).toEqual(["Second", "Hello LinkedIn"]);
    expect(elements[1]!.id).toBe(created.headers.get("x-restli-id"));
    expect(typeof elements[0]!.createdAt).toBe("number");
  });

  it("refuses duplicates (422 DUPLICATE_POST), other authors and a missing version header", async () => {
    const { token, sub } = await linkedInToken(sandbox.url);
    const author = `urn:li:person:${sub}`;
    const first = await linkedInPost(token, author, "Same words");
    const duplicate = await linkedInPost(token, author, "Same words");
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({
      errorDetails: { inputErrors: [{ code: "DUPLICATE_POST", description: "Duplicate post is detected" }] },
      status: 422,
    });
    // Exactly LinkedIn's words (Arisamiga/Linkedin-RSS#5): the message names the post already there.
    expect(duplicate.body).toEqual({
      errorDetailType: "com.linkedin.common.error.BadRequest",
      message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${first.headers.get("x-restli-id")}`,
      errorDetails: { inputErrors: [{ description: "Duplicate post is detected", input: {}, code: "DUPLICATE_POST" }] },
      status: 422,
    });
    expect((await linkedInPost(token, "urn:li:person:someoneelse", "Hi")).status).toBe(403);
    const noVersion = await call(`${liApi}/rest/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(noVersion.body).toMatchObject({ status: 400, code: "VERSION_MISSING" });
    expect(await sandbox.control.publishedPosts({ platform: "linkedin" })).toHaveLength(1);
  });

  it("enforces the scope each call needs: reading posts r_member_social, posting and uploading w_member_social", async () => {
    const { token, sub, scopes } = await linkedInToken(sandbox.url);
    expect(scopes).toEqual(["openid", "profile", "email", "w_member_social"]);
    const author = encodeURIComponent(`urn:li:person:${sub}`);
    const list = (bearer: string) =>
      call(`${liApi}/rest/posts?author=${author}&q=author&count=10`, {
        headers: { authorization: `Bearer ${bearer}`, ...LI_HEADERS },
      });
    const refused = await list(token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      status: 403,
      serviceErrorCode: 100,
      code: "ACCESS_DENIED",
      message: `Not enough permissions to access: partnerApiPostsExternal.FINDER-author.${DEFAULT_LINKEDIN_VERSION}01`,
    });
    const partner = await linkedInToken(sandbox.url, {}, { partner: true });
    expect(partner.scopes).toContain("r_member_social");
    expect(partner.sub).toBe(sub);
    expect((await list(partner.token)).status).toBe(200);

    // A token with only sign-in scopes may neither post nor upload.
    const { token: signInOnly } = await linkedInToken(sandbox.url, {}, { scope: "openid profile email" });
    const headers = { authorization: `Bearer ${signInOnly}`, "content-type": "application/json", ...LI_HEADERS };
    const post = await linkedInPost(signInOnly, `urn:li:person:${sub}`, "No permission");
    expect(post.status).toBe(403);
    expect(post.body).toMatchObject({ code: "ACCESS_DENIED" });
    for (const resource of ["images", "videos"]) {
      const init = await call(`${liApi}/rest/${resource}?action=initializeUpload`, {
        method: "POST",
        headers,
        body: JSON.stringify({ initializeUploadRequest: { owner: `urn:li:person:${sub}`, fileSizeBytes: 100_000 } }),
      });
      expect(init.status, resource).toBe(403);
      expect(init.body, resource).toMatchObject({ serviceErrorCode: 100, code: "ACCESS_DENIED" });
    }
    expect(await sandbox.control.publishedPosts({ platform: "linkedin" })).toEqual([]);
  });

  it("lets only an approved app ask for r_member_social: others get unauthorized_scope_error", async () => {
    const params = new URLSearchParams({
      response_type: "code",
      client_id: "sandbox-linkedin-client",
      redirect_uri: "http://localhost/cb",
      state: "s",
      scope: "openid profile w_member_social r_member_social",
    });
    const response = await fetch(`${sandbox.url}/linkedin/www/oauth/v2/authorization?${params}`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("unauthorized_scope_error");
    expect(location.searchParams.get("error_description")).toBe(
      'Scope "r_member_social" is not authorized for your application',
    );
  });
});
