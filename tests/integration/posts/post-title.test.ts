import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "@/db/schema";
import { MESSAGES, POST_TITLE_MAX } from "@/lib/posts/schemas";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook } from "../../fixtures/social";
import { testDb } from "../../fixtures/test-db";

/** The optional title of a post: one line, at most POST_TITLE_MAX characters, trimmed, empty = none. */

interface PostBody {
  id: string;
  title: string | null;
  content: string;
}

async function userWithPage() {
  const registered = await registeredClient();
  const { account } = await connectFacebook(registered.client, (ids) => ids.slice(0, 1));
  const entry = { type: "post", pageId: account.pages[0]!.id, platform: "facebook" };
  return { ...registered, pages: [entry] };
}

async function storedTitle(postId: string) {
  const [row] = await testDb().select({ title: posts.title }).from(posts).where(eq(posts.id, postId));
  return row?.title;
}

describe("a post's title", () => {
  it("is saved trimmed, read back, changed, and cleared with an empty or null title", async () => {
    const { client, pages } = await userWithPage();
    const created = await client.post("/api/social/posts", {
      pages,
      content: "Rye is back on Saturday",
      title: "  Weekend menu  ",
    });
    expect(created.status, created.text).toBe(201);
    const post = created.body.post as PostBody;
    expect(post.title).toBe("Weekend menu");
    expect(await storedTitle(post.id)).toBe("Weekend menu");

    const exact = "t".repeat(POST_TITLE_MAX);
    const renamed = await client.put(`/api/post/${post.id}`, { title: exact });
    expect(renamed.status, renamed.text).toBe(200);
    expect((renamed.body.post as PostBody).title).toBe(exact);

    // A content-only edit leaves the title alone.
    const edited = await client.put(`/api/post/${post.id}`, { content: "Rye and spelt on Saturday" });
    expect((edited.body.post as PostBody).title).toBe(exact);

    const blank = await client.put(`/api/post/${post.id}`, { title: "   " });
    expect((blank.body.post as PostBody).title).toBeNull();
    expect(await storedTitle(post.id)).toBeNull();

    await client.put(`/api/post/${post.id}`, { title: "Again" });
    const cleared = await client.put(`/api/post/${post.id}`, { title: null });
    expect((cleared.body.post as PostBody).title).toBeNull();
  });

  it("is optional: a post without one has a null title", async () => {
    const { client, pages } = await userWithPage();
    const created = await client.post("/api/social/posts", { pages, content: "No title here" });
    expect(created.status).toBe(201);
    expect((created.body.post as PostBody).title).toBeNull();
  });

  it.each([
    ["one character too long", "x".repeat(POST_TITLE_MAX + 1), MESSAGES.titleTooLong],
    ["two lines", "Weekend\nmenu", MESSAGES.titleOneLine],
    ["a carriage return", "Weekend\rmenu", MESSAGES.titleOneLine],
    ["a number", 42, "Title must be text"],
    ["an object", { text: "menu" }, "Title must be text"],
  ] as const)(
    "refuses %s with 400 and its message, on create and on update, writing nothing",
    async (_name, title, message) => {
      const { client, pages, user } = await userWithPage();
      const refused = await client.post("/api/social/posts", { pages, content: "Fresh bread", title });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, error: message });
      expect(await testDb().select().from(posts).where(eq(posts.workspaceId, user.id))).toHaveLength(0);

      const created = await client.post("/api/social/posts", { pages, content: "Fresh bread", title: "Kept" });
      const post = created.body.post as PostBody;
      const update = await client.put(`/api/post/${post.id}`, { title, content: "Changed?" });
      expect(update.status).toBe(400);
      expect(update.body.error).toBe(message);
      const [row] = await testDb().select().from(posts).where(eq(posts.id, post.id));
      expect(row).toMatchObject({ title: "Kept", content: "Fresh bread" });
    },
  );
});
