import type { Page } from "@playwright/test";
import { expect, numericId, openConnectDialog, signUp, sandboxControl, sandboxUrl, test } from "./fixtures";

/**
 * A LinkedIn page whose outcome nothing could decide (its answer was lost, then the post was edited,
 * and this app may not read the member's posts back) shows 'Needs your check' in the content list,
 * with a link to the LinkedIn activity and the owner's two answers, which work.
 */

interface PostBody {
  status: string;
  pages: { status: string; platformPostUrl: string | null; error: { message: string } | null }[];
}

async function connectLinkedIn(page: Page) {
  const email = `check-${numericId()}@example.com`;
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("button", { name: /LinkedIn/ }).click();
  await page.getByLabel("Name", { exact: true }).fill("Ada on LinkedIn");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Successfully connected your LinkedIn account!")).toBeVisible();
  const accounts = (await (await page.request.get("/api/social/accounts")).json()) as {
    data: { platform: string; pages: { id: string; pageId: string }[] }[];
  };
  const ours = accounts.data.find((account) => account.platform === "linkedin")!.pages[0]!;
  return { pageId: ours.id, sub: ours.pageId };
}

const getPost = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/post/${id}`)).json()) as { post: PostBody }).post;

/** A post whose LinkedIn page needs its owner's check, made the way it happens: the answer lost, then an edit. */
async function postNeedingCheck(page: Page, target: { pageId: string; sub: string }, text: string) {
  await sandboxControl("/publish/faults", {
    platform: "linkedin",
    kind: "server_error",
    afterAccept: true,
    times: 1,
    target: target.sub,
  });
  const created = await page.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId: target.pageId, platform: "linkedin" }], content: text },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { post: { id: string } }).post.id;
  const soon = () => new Date(Date.now() + 1_000).toISOString();
  expect((await page.request.put(`/api/post/${id}`, { data: { scheduledAt: soon(), status: "scheduled" } })).ok()).toBe(
    true,
  );
  // The answer was lost: the page waits for a retry, in doubt.
  await expect.poll(async () => (await getPost(page, id)).pages[0]!.status, { timeout: 30_000 }).toBe("pending");
  await expect.poll(async () => (await getPost(page, id)).pages[0]!.error, { timeout: 30_000 }).not.toBeNull();
  expect(
    (await page.request.put(`/api/post/${id}`, { data: { content: `${text}, edited`, scheduledAt: soon() } })).ok(),
  ).toBe(true);
  await expect.poll(async () => (await getPost(page, id)).pages[0]!.status, { timeout: 30_000 }).toBe("needs_check");
  return id;
}

async function openCard(page: Page, text: string) {
  await page.goto("/content");
  const card = page.getByRole("article").filter({ hasText: text });
  // Visible on the card itself, before its details are opened.
  await expect(card.getByText("Needs your check on", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "More" }).click();
  return card;
}

test("'Needs your check' on a LinkedIn page: 'It went out' with its address, and 'Publish again'", async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page);
  const target = await connectLinkedIn(page);

  const first = `Answer lost ${numericId()}`;
  const firstId = await postNeedingCheck(page, target, first);
  const card = await openCard(page, first);
  await expect(card.getByText("Needs your check", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "Open your LinkedIn activity" })).toHaveAttribute(
    "href",
    "https://www.linkedin.com/in/me/recent-activity/all/",
  );
  await expect(card.getByText("Scheduled", { exact: true })).toBeVisible();
  const onLinkedIn = (await (
    await fetch(`${sandboxUrl()}/_control/publish/posts?platform=linkedin&target=${target.sub}`)
  ).json()) as { posts: { id: string; text: string }[] };
  expect(onLinkedIn.posts.map((post) => post.text)).toEqual([first]);
  const url = `https://www.linkedin.com/feed/update/${onLinkedIn.posts[0]!.id}`;
  await card.getByLabel("Post URL (optional)").fill(url);
  await card.getByRole("button", { name: "It went out" }).click();
  await expect(page.getByText("Marked as published.")).toBeVisible();
  await expect(card.getByText("Needs your check", { exact: true })).toHaveCount(0);
  await expect(card.getByRole("link", { name: "View Post" })).toHaveAttribute("href", url);
  expect((await getPost(page, firstId)).status).toBe("published");

  const second = `Answer lost again ${numericId()}`;
  const secondId = await postNeedingCheck(page, target, second);
  const other = await openCard(page, second);
  await other.getByRole("button", { name: "Publish again" }).click();
  await expect(page.getByText("Publishing again.")).toBeVisible();
  await expect.poll(async () => (await getPost(page, secondId)).status, { timeout: 30_000 }).toBe("published");
  const after = (await (
    await fetch(`${sandboxUrl()}/_control/publish/posts?platform=linkedin&target=${target.sub}`)
  ).json()) as { posts: { text: string }[] };
  expect(after.posts.map((post) => post.text)).toEqual([first, second, `${second}, edited`]);
});
