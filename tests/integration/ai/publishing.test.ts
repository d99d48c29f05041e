import twitterText from "twitter-text";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "@/sandbox/testing";
import { connectFacebook } from "../../fixtures/social";
import { aiUsage, connectTwitter, databaseAt, longPost, publishAndWait, randomMarker, signedIn } from "./helpers";
import { testStack } from "../../fixtures/test-stack";

/** The worker uses the AI where the user asked for it: 'Summarize for X' and 'AI share message'. */

const db = () => databaseAt(testStack().databaseUrl);
const sandbox = () => sandboxControl(testStack().sandboxUrl);

describe("publishing with AI", () => {
  it("a post too long for X with summarizeForTwitter goes out as the AI's summary, valid on X", async () => {
    const { client, user } = await signedIn();
    const { pageId, twitterUserId } = await connectTwitter(client);
    const marker = randomMarker();
    const content = longPost(marker);
    const draft = await client.post("/api/social/posts", {
      pages: [{ type: "post", pageId, platform: "twitter" }],
      content,
      summarizeForTwitter: true,
    });
    expect(draft.status, draft.text).toBe(201);
    const postId = (draft.body.post as { id: string }).id;

    const post = await publishAndWait(client, postId);
    expect(post.status, post.failureReason ?? "").toBe("published");
    const tweets = await sandbox().publishedPosts({ platform: "twitter", target: twitterUserId });
    expect(tweets).toHaveLength(1);
    const text = tweets[0]!.text;
    expect(twitterText.parseTweet(text).valid).toBe(true);
    // The sandbox model's answer (it echoes the prompt), not the deterministic shortener's cut.
    const request = (await sandbox().openaiRequests()).find((r) => r.messages.some((m) => m.content.includes(marker)));
    expect(text).toBe(request!.reply);

    const [usage, ...more] = await aiUsage(db(), user.id);
    expect(more).toHaveLength(0);
    expect(usage).toMatchObject({
      tokensIn: request!.usage!.prompt_tokens,
      tokensOut: request!.usage!.completion_tokens,
    });
    expect(usage!.metadata).toMatchObject({
      operation: "summarize_twitter",
      source: "publish",
      postId,
      publishedText: text,
    });
  });

  it("a share with useAIShareMessage carries the AI's message and the link to the original", async () => {
    const { client, user } = await signedIn();
    const { account, fbUser } = await connectFacebook(client, (ids) => ids.slice(0, 2));
    const marker = randomMarker();
    const draft = await client.post("/api/social/posts", {
      pages: [
        { type: "post", pageId: account.pages[0]!.id, platform: "facebook" },
        { type: "share", pageId: account.pages[1]!.id, platform: "facebook" },
      ],
      content: `Fresh croissants ${marker} every morning from 7am.`,
      shareContent: "Manual message that the AI replaces",
      useAIShareMessage: true,
    });
    expect(draft.status, draft.text).toBe(201);
    const postId = (draft.body.post as { id: string }).id;
    const post = await publishAndWait(client, postId);
    expect(post.status, post.failureReason ?? "").toBe("published");

    const request = (await sandbox().openaiRequests()).find((r) => r.messages.some((m) => m.content.includes(marker)));
    const [original] = await sandbox().publishedPosts({ platform: "facebook", target: fbUser.pages[0]!.id });
    const [share] = await sandbox().publishedPosts({ platform: "facebook", target: fbUser.pages[1]!.id });
    expect(original!.text).toBe(`Fresh croissants ${marker} every morning from 7am.`);
    const originalUrl = post.pages.find((page) => page.type === "post")!.platformPostUrl!;
    expect(share!.text).toBe(`${request!.reply}\n${originalUrl}`);
    expect((await aiUsage(db(), user.id)).map((row) => row.metadata)).toEqual([
      expect.objectContaining({ operation: "share_message", source: "publish", postId, publishedText: request!.reply }),
    ]);
  });
});
