import type { Page } from "@playwright/test";
import pg from "pg";
import {
  appUrl,
  connectFacebookPages,
  databaseUrl,
  expect,
  newUser,
  numericId,
  sandboxUrl,
  signUp,
  test,
} from "./fixtures";

/**
 * Issue #48's acceptance walk: an owner and a contributor, each in a browser of their own. The
 * contributor submits, the owner asks for changes, the contributor resubmits, the owner approves and
 * the post goes out exactly as approved; an approved post edited afterwards goes back to review and
 * misses its time ('Approval missed'), with nothing sent to the network.
 */

// Two people, a mailbox round trip and two posts waiting for their time.
test.describe.configure({ timeout: 180_000 });

const origin = () => ({ Origin: appUrl() });

async function query(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** What the sandbox's Facebook received for the Page `target` (its own id). */
async function publishedTexts(target: string): Promise<string[]> {
  const response = await fetch(`${sandboxUrl()}/_control/publish/posts?platform=facebook&target=${target}`);
  const body = (await response.json()) as { posts: { text: string }[] };
  return body.posts.map((post) => post.text);
}

async function postOf(page: Page, id: string) {
  const response = await page.request.get(`/api/post/${id}`);
  return (
    (await response.json()) as { post: { status: string; approvalState: string | null; failureReason: string | null } }
  ).post;
}

/** `seconds` from now: the schedule picker offers quarter hours only, too far to wait for in a test. */
const soon = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

const statusLine = (page: Page) => page.locator("header p").filter({ hasText: "Status" });

test("a contributor's post: submitted, changes requested, resubmitted, approved and published as approved; an edit after approval misses its time", async ({
  page: owner,
  browser,
}) => {
  // The owner: a team workspace with room for a contributor, and a Facebook Page.
  const ownerUser = await signUp(owner, newUser("Olive Owner"));
  await owner.goto("/settings");
  await owner.getByRole("tab", { name: "Workspace", exact: true }).click();
  await owner.getByLabel("New workspace name").fill("Agency");
  await owner.getByRole("button", { name: "Create workspace" }).click();
  await expect(owner.locator("#workspace-switcher").locator("option:checked")).toHaveText("Agency");
  await query(
    `UPDATE subscriptions SET tier = 'premium' WHERE workspace_id = (SELECT w.id FROM workspaces w
       JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id
      WHERE u.email = $1 AND w.name = 'Agency')`,
    [ownerUser.email],
  );
  const { pages, ourPages } = await connectFacebookPages(owner, ["Bakery Page"]);
  const fbPage = pages[0]!;
  const ourPage = ourPages[0]!;

  await owner.goto("/settings");
  await owner.getByRole("tab", { name: "Team", exact: true }).click();
  const contributorUser = newUser("Cora Contributor");
  await owner.getByLabel("Email address").fill(contributorUser.email);
  await owner.getByLabel("Role").selectOption("contributor");
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByRole("list", { name: "Pending invitations" }).getByText(contributorUser.email)).toBeVisible();

  // The contributor, in a browser of their own, follows the e-mail and registers.
  const contributorContext = await browser.newContext({ baseURL: appUrl() });
  const contributor = await contributorContext.newPage();
  const inbox = `${sandboxUrl()}/_mail?to=${encodeURIComponent(contributorUser.email)}`;
  await expect(async () => {
    await contributor.goto(inbox);
    await expect(
      contributor.getByRole("heading", { name: "Olive Owner invited you to Agency on Postloom" }),
    ).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await contributor.getByRole("link", { name: /\/invite\// }).click();
  await expect(contributor.getByRole("heading", { name: "Join Agency" })).toBeVisible();
  await contributor.getByRole("link", { name: "Create an account" }).click();
  await expect(contributor.getByLabel("Email address")).toHaveValue(contributorUser.email);
  await contributor.getByLabel("Full name").fill(contributorUser.name);
  await contributor.getByLabel("Password", { exact: true }).fill(contributorUser.password);
  await contributor.getByLabel("Confirm password").fill(contributorUser.password);
  await contributor.getByRole("checkbox", { name: /I agree/ }).check();
  await contributor.getByRole("button", { name: "Create account" }).click();
  await expect(contributor).toHaveURL(/\/dashboard$/);
  await expect(contributor.locator("#workspace-switcher").locator("option:checked")).toHaveText("Agency");

  // The contributor writes a post and submits it for approval: no Schedule, no Publish Now.
  const suffix = numericId().slice(-4);
  const draftText = `Sourdough on Saturday ${suffix}`;
  await contributor.goto("/create-post");
  await contributor.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: fbPage.name }).check();
  await contributor.getByLabel("Post content").fill(draftText);
  await expect(contributor.getByRole("button", { name: "Publish Now" })).toHaveCount(0);
  await contributor.getByRole("button", { name: "Submit for approval" }).click();
  const scheduleDialog = contributor.getByRole("dialog", { name: "Schedule Post" });
  const tomorrow = await contributor.evaluate(() => {
    const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
  });
  await scheduleDialog.getByLabel("Date").fill(tomorrow);
  await scheduleDialog.getByLabel("Hour").selectOption("9");
  await scheduleDialog.getByLabel("Minute").selectOption("0");
  await scheduleDialog.getByRole("button", { name: "Schedule Post" }).click();
  await expect(contributor.getByText("Post submitted for approval").first()).toBeVisible();
  await expect(contributor).toHaveURL(/postId=/);
  const postId = new URL(contributor.url()).searchParams.get("postId")!;
  await expect(statusLine(contributor)).toContainText("In review");

  // The owner finds it in the content list and asks for changes.
  const comment = "Say which Saturday, please";
  await owner.goto("/content");
  const ownerCard = owner.getByRole("article").filter({ hasText: draftText });
  await expect(ownerCard.getByText("In review", { exact: true })).toBeVisible();
  await ownerCard.getByRole("link", { name: "Review" }).click();
  await expect(owner).toHaveURL(new RegExp(`postId=${postId}`));
  await owner.getByRole("button", { name: "Request changes" }).click();
  const askDialog = owner.getByRole("dialog", { name: "Request changes" });
  await askDialog.getByLabel("What should change").fill(comment);
  await askDialog.getByRole("button", { name: "Request changes" }).click();
  await expect(owner.getByText("Changes requested").first()).toBeVisible();
  await expect(statusLine(owner)).toContainText("Changes requested");

  // The contributor is told (the bell), edits the text and resubmits.
  await contributor.reload();
  await expect(statusLine(contributor)).toContainText("Changes requested");
  await contributor.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
  await expect(contributor.getByRole("region", { name: "Notifications", exact: true })).toContainText(
    `Olive Owner asked for changes to "${draftText}": ${comment}`,
  );
  await contributor.keyboard.press("Escape");
  const approvedText = `Sourdough on Saturday the 12th ${suffix}`;
  await contributor.getByLabel("Post content").fill(approvedText);
  await contributor.getByRole("button", { name: "Submit for approval" }).click();
  await scheduleDialog.getByRole("button", { name: "Schedule Post" }).click();
  await expect(contributor.getByText("Post submitted for approval").first()).toBeVisible();
  await expect(statusLine(contributor)).toContainText("In review");
  // Its time brought close (the picker's quarter hours are minutes away): still in review, the same text.
  const resubmitted = await contributor.request.post(`/api/post/${postId}/submit`, {
    data: { scheduledAt: soon(50) },
    headers: origin(),
  });
  expect(resubmitted.status(), await resubmitted.text()).toBe(200);

  // The owner approves the version in review.
  await owner.reload();
  await expect(owner.getByLabel("Post content")).toHaveValue(approvedText);
  await expect(statusLine(owner)).toContainText("In review");
  await expect(owner.getByRole("button", { name: "Approve" })).toBeVisible();
  await owner.screenshot({ path: ".test-output/approval-walk-owner-editor.png", fullPage: true });
  await owner.getByRole("button", { name: "Approve" }).click();
  await expect(owner.getByText("Post approved").first()).toBeVisible();
  await expect(statusLine(owner)).toContainText("Approved");

  // A second post, approved, then edited by the contributor in the editor: back in review.
  const secondText = `Rye on Sunday ${suffix}`;
  const created = await contributor.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId: ourPage.id, platform: "facebook" }], content: secondText },
    headers: origin(),
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const secondId = ((await created.json()) as { post: { id: string } }).post.id;
  const submitted = await contributor.request.post(`/api/post/${secondId}/submit`, {
    data: { scheduledAt: soon(40) },
    headers: origin(),
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const approved = await owner.request.post(`/api/post/${secondId}/approve`, { data: {}, headers: origin() });
  expect(approved.status(), await approved.text()).toBe(200);

  await contributor.goto(`/create-post?postId=${secondId}`);
  await expect(statusLine(contributor)).toContainText("Approved");
  const editedText = `Rye on Sunday, now with seeds ${suffix}`;
  await contributor.getByLabel("Post content").fill(editedText);
  await contributor.getByRole("button", { name: "Save changes" }).click();
  await expect(
    contributor.getByText("Changes saved. The post is back in review: it goes out only once approved again.").first(),
  ).toBeVisible();
  await expect(statusLine(contributor)).toContainText("In review");

  // The first goes out exactly as approved; the second misses its time.
  await expect
    .poll(() => publishedTexts(fbPage.id), { timeout: 60_000, message: "published to the sandbox" })
    .toEqual([approvedText]);
  await expect
    .poll(async () => (await postOf(owner, secondId)).status, { timeout: 60_000, message: "second post's status" })
    .toBe("failed");
  expect(await publishedTexts(fbPage.id)).toEqual([approvedText]);

  await owner.goto("/content");
  const publishedCard = owner.getByRole("article").filter({ hasText: approvedText });
  await expect(publishedCard.getByText("Published", { exact: true }).first()).toBeVisible();
  await expect(publishedCard.getByText("Approved", { exact: true })).toBeVisible();
  const missedCard = owner.getByRole("article").filter({ hasText: editedText });
  await expect(missedCard.getByText("Failed", { exact: true }).first()).toBeVisible();
  await expect(missedCard.getByText("Approval missed", { exact: true })).toBeVisible();
  await expect(missedCard.getByText("In review", { exact: true })).toBeVisible();

  await contributorContext.close();
});
