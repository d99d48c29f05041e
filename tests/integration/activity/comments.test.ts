import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postComments, posts } from "@/db/schema";
import { mentionToken } from "@/lib/activity/mentions";
import { registeredClient } from "../../fixtures/api-client";
import { mailTo, waitForMail } from "../../fixtures/mail";
import { testDb } from "../../fixtures/test-db";
import { testStack } from "../../fixtures/test-stack";
import { mentionableMembers } from "@/lib/activity/members";
import type { TeamListing } from "@/lib/workspaces/schemas";
import { activity, inWorkspace, member } from "./helpers";

/**
 * Comments on a post: every member reads them, members who write posts add them, each author
 * deletes their own. A mention e-mails a member a link to the post; anyone else is ignored.
 */

interface CommentBody {
  id: string;
  authorId: string | null;
  authorName: string;
  body: string;
  mentionedIds: string[];
}

async function teamWithPost() {
  const owner = await registeredClient("Olga Owner");
  const ws = owner.user.id;
  const [post] = await testDb()
    .insert(posts)
    .values({ workspaceId: ws, authorId: ws, title: "Spring menu", content: "Spring menu draft" })
    .returning();
  return {
    owner,
    ws,
    postId: post!.id,
    editor: await member(ws, "editor", "Eddie Editor"),
    contributor: await member(ws, "contributor", "Cora Contributor"),
    viewer: await member(ws, "viewer", "Vic Viewer"),
  };
}

const commentRows = (postId: string) => testDb().select().from(postComments).where(eq(postComments.postId, postId));

describe("post comments", () => {
  it("members comment and read; mentions e-mail members only, with a link to the post", async () => {
    const { ws, postId, editor, viewer, contributor, owner } = await teamWithPost();
    const stranger = await registeredClient("Sam Stranger");
    const body = `Looks good ${mentionToken("Vic Viewer", viewer.user.id)} and ${mentionToken(
      "Sam",
      stranger.user.id,
    )}, ${mentionToken("me", editor.user.id)} ${mentionToken("Vic again", viewer.user.id)}`;
    const added = await inWorkspace(editor.client, ws).post(`/api/post/${postId}/comments`, { body });
    expect(added.status, added.text).toBe(201);
    expect(added.body.data).toMatchObject({ authorId: editor.user.id, authorName: "Eddie Editor", body });
    // Only the member, once; not the stranger, not the author themself.
    expect((added.body.data as CommentBody).mentionedIds).toEqual([viewer.user.id]);

    const [mail] = await waitForMail(testStack().sandboxUrl, viewer.email);
    expect(mail!.subject).toBe('Eddie Editor mentioned you on "Spring menu"');
    expect(mail!.text).toContain("Looks good @Vic Viewer and @Sam");
    expect(mail!.text).toContain(`/create-post?postId=${postId}`);
    expect(await mailTo(testStack().sandboxUrl, viewer.email)).toHaveLength(1);
    expect(await mailTo(testStack().sandboxUrl, stranger.email)).toEqual([]);
    expect(await mailTo(testStack().sandboxUrl, editor.email)).toEqual([]);

    const second = await inWorkspace(contributor.client, ws).post(`/api/post/${postId}/comments`, {
      body: "  Second  ",
    });
    expect(second.status, second.text).toBe(201);
    const listed = await inWorkspace(viewer.client, ws).get(`/api/post/${postId}/comments`);
    expect(listed.status, listed.text).toBe(200);
    expect((listed.body.data as CommentBody[]).map((comment) => [comment.authorName, comment.body])).toEqual([
      ["Eddie Editor", body],
      ["Cora Contributor", "Second"],
    ]);
    const log = await activity(inWorkspace(owner.client, ws), `?post=${postId}`);
    expect(log.data.map((event) => [event.kind, event.actorId])).toEqual([
      ["comment_added", contributor.user.id],
      ["comment_added", editor.user.id],
    ]);
  });

  it("viewers cannot comment; bad bodies are 400; nothing is written", async () => {
    const { ws, postId, viewer, editor } = await teamWithPost();
    const refused = await inWorkspace(viewer.client, ws).post(`/api/post/${postId}/comments`, { body: "Hi" });
    expect(refused.status).toBe(403);
    const asEditor = inWorkspace(editor.client, ws);
    for (const bad of [
      {},
      { body: "" },
      { body: "   " },
      { body: "x".repeat(2001) },
      { body: 5 },
      { body: "a", x: 1 },
    ]) {
      const response = await asEditor.post(`/api/post/${postId}/comments`, bad);
      expect(response.status, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: "bad_request" });
    }
    expect((await asEditor.post(`/api/post/${postId}/comments`, { body: "x".repeat(2000) })).status).toBe(201);
    expect(await commentRows(postId)).toHaveLength(1);
  });

  it("authors delete their own comments only", async () => {
    const { ws, postId, editor, contributor, owner } = await teamWithPost();
    const added = await inWorkspace(editor.client, ws).post(`/api/post/${postId}/comments`, { body: "Mine" });
    const commentId = (added.body.data as CommentBody).id;
    for (const other of [contributor, owner]) {
      const response = await inWorkspace(other.client, ws).delete(`/api/post/${postId}/comments/${commentId}`);
      expect(response.status).toBe(403);
      expect(response.body.error).toBe("You can only delete your own comments.");
    }
    const asEditor = inWorkspace(editor.client, ws);
    expect((await asEditor.delete(`/api/post/${postId}/comments/${commentId}`)).status).toBe(200);
    expect((await asEditor.get(`/api/post/${postId}/comments`)).body.data).toEqual([]);
    expect((await asEditor.delete(`/api/post/${postId}/comments/${commentId}`)).status).toBe(404);
    expect((await asEditor.delete(`/api/post/${postId}/comments/not-an-id`)).status).toBe(404);
  });

  it("another workspace's post answers 404 exactly like a missing one; members are listed for mentions", async () => {
    const { ws, postId, editor, viewer } = await teamWithPost();
    const stranger = await registeredClient("Nosy");
    const theirs = inWorkspace(stranger.client, stranger.user.id);
    expect((await theirs.get(`/api/post/${postId}/comments`)).status).toBe(404);
    expect((await theirs.post(`/api/post/${postId}/comments`, { body: "Hi" })).status).toBe(404);
    expect((await theirs.get(`/api/post/${crypto.randomUUID()}/comments`)).status).toBe(404);
    expect((await inWorkspace(stranger.client, ws).get(`/api/post/${postId}/comments`)).status).toBe(404);
    expect(await commentRows(postId)).toEqual([]);

    // Every member reads the team; the autocomplete offers its members by name.
    const team = await inWorkspace(viewer.client, ws).get(`/api/workspaces/${ws}/members`);
    expect(team.status, team.text).toBe(200);
    expect(mentionableMembers(team.body.data as TeamListing)).toEqual([
      expect.objectContaining({ name: "Cora Contributor", role: "contributor" }),
      { id: editor.user.id, name: "Eddie Editor", email: editor.email, role: "editor" },
      expect.objectContaining({ name: "Olga Owner", role: "owner" }),
      { id: viewer.user.id, name: "Vic Viewer", email: viewer.email, role: "viewer" },
    ]);
  });
});
