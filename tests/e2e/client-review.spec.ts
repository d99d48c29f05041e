import { pngBytes } from "../fixtures/media-files";
import { appUrl, connectFacebookPages, expect, newUser, numericId, sandboxUrl, signUp, test } from "./fixtures";

/**
 * Client sign-off (decision 0062): the owner sends a post in review from the editor to a client by
 * e-mail; the client, with no account, opens the link from the mail, sees the post as Facebook will
 * show it with its picture, gives their name and approves; the owner sees it approved and the
 * decision in Settings; a withdrawn link opens nothing.
 */

test.describe.configure({ timeout: 120_000 });

const origin = () => ({ Origin: appUrl() });

test("a client without an account approves a post through a review link, which its sender then withdraws", async ({
  page: owner,
  browser,
}) => {
  await signUp(owner, newUser("Olive Owner"));
  const { pages, ourPages } = await connectFacebookPages(owner, ["Bakery Page"]);
  const text = `Croissants all week ${numericId().slice(-4)}`;

  const uploaded = await owner.request.post("/api/media/upload", {
    multipart: { media: { name: "croissant.png", mimeType: "image/png", buffer: pngBytes(64, 48, [200, 150, 80]) } },
    headers: origin(),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const filename = ((await uploaded.json()) as { data: { filename: string }[] }).data[0]!.filename;
  const created = await owner.request.post("/api/social/posts", {
    data: {
      pages: [{ type: "post", pageId: ourPages[0]!.id, platform: "facebook" }],
      content: text,
      media: [filename],
    },
    headers: origin(),
  });
  expect(created.status(), await created.text()).toBe(201);
  const postId = ((await created.json()) as { post: { id: string } }).post.id;
  const submitted = await owner.request.post(`/api/post/${postId}/submit`, {
    data: { scheduledAt: new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString() },
    headers: origin(),
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // From the editor: Send for client review.
  const client = newUser("Cleo Client");
  await owner.goto(`/create-post?postId=${postId}`);
  await owner.getByRole("button", { name: "Send for client review" }).click();
  const dialog = owner.getByRole("dialog", { name: "Send for client review" });
  await dialog.getByLabel("Their name (optional)").fill(client.name);
  await dialog.getByLabel("Their e-mail").fill(client.email);
  await dialog.getByRole("button", { name: "Send link" }).click();
  await expect(dialog.getByText(`We e-mailed the link to ${client.email}.`)).toBeVisible();
  const url = await dialog.getByLabel("Review link").inputValue();
  expect(url).toMatch(/\/review\/[\w-]{22}\.[\w-]{43}$/);
  await dialog.getByRole("button", { name: "Done" }).click();

  // The client, in a browser without a session, follows the e-mail.
  const clientContext = await browser.newContext({ baseURL: appUrl() });
  const reviewer = await clientContext.newPage();
  await expect(async () => {
    await reviewer.goto(`${sandboxUrl()}/_mail?to=${encodeURIComponent(client.email)}`);
    await expect(reviewer.getByRole("heading", { name: /asks you to review a post/ })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await reviewer.getByRole("link", { name: /\/review\// }).click();
  await expect(reviewer.getByRole("heading", { name: "Review a post", level: 1 })).toBeVisible();
  const preview = reviewer.getByRole("article", { name: "Facebook preview" });
  await expect(preview).toContainText(text);
  await expect(preview).toContainText(pages[0]!.name);
  await expect(preview.getByRole("img", { name: "croissant.png" })).toBeVisible();
  await expect(reviewer.getByLabel("Your e-mail")).toHaveValue(client.email);
  await expect(reviewer.getByLabel("Your name")).toHaveValue(client.name);
  // Nothing of the app: no navigation, no other post.
  await expect(reviewer.getByRole("navigation")).toHaveCount(0);
  await reviewer.screenshot({ path: ".test-output/client-review.png", fullPage: true });
  await reviewer.setViewportSize({ width: 390, height: 844 });
  await reviewer.screenshot({ path: ".test-output/client-review-mobile.png", fullPage: true });
  await reviewer.setViewportSize({ width: 1280, height: 900 });

  await reviewer.getByRole("button", { name: "Approve" }).click();
  await expect(reviewer.getByText("Thank you: the post is approved.").first()).toBeVisible();
  await expect(reviewer.getByRole("status").filter({ hasText: `Approved by ${client.name}` })).toBeVisible();
  await expect(reviewer.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The owner: approved, told in the app, the link listed with its decision.
  await owner.reload();
  await expect(owner.locator("header p").filter({ hasText: "Status" })).toContainText("Approved");
  await owner.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
  await expect(owner.getByRole("region", { name: "Notifications", exact: true })).toContainText(
    `${client.name} (${client.email}) approved "${text}" via review link.`,
  );
  await owner.keyboard.press("Escape");
  await owner.goto("/settings");
  await owner.getByRole("tab", { name: "Preferences", exact: true }).click();
  const links = owner.getByRole("list", { name: "Client review links" });
  await expect(links).toContainText(`${client.name} (${client.email})`);
  await expect(links).toContainText("1 post · 1 decision");
  await links.getByRole("button", { name: `Withdraw the review link sent to ${client.email}` }).click();
  await expect(owner.getByText("Review link withdrawn").first()).toBeVisible();
  await expect(links.getByText("Withdrawn")).toBeVisible();

  await reviewer.reload();
  await expect(reviewer.getByText("This review link was withdrawn by the person who sent it.")).toBeVisible();
  await expect(reviewer.getByRole("article", { name: "Facebook preview" })).toHaveCount(0);
  await clientContext.close();
});
