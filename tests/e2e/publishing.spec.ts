import { randomBytes } from "node:crypto";
import { connectFacebookPages, expect, signUp, sandboxUrl, test } from "./fixtures";

const numericId = () => String(randomBytes(6).readUIntBE(0, 6));

async function control(path: string, body: unknown) {
  const response = await fetch(`${sandboxUrl()}/_control${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
}

test("Publish Now to a page whose token expired: that page fails with the reason, the other is published", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const suffix = numericId().slice(-4);
  const pages = [
    { id: numericId(), name: `Expired Page ${suffix}`, category: "Bakery", fan_count: 10, tasks: ["CREATE_CONTENT"] },
    { id: numericId(), name: `Working Page ${suffix}`, category: "Bakery", fan_count: 10, tasks: ["CREATE_CONTENT"] },
  ];
  await control("/facebook/users", { id: numericId(), name: "Publisher", pages });

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Connect Account" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Facebook/ })
    .click();
  await page.getByRole("button", { name: "Approve" }).click();
  const selection = page.getByRole("dialog", { name: "Select Facebook Pages" });
  for (const item of pages) await selection.getByText(item.name).click();
  await selection.getByRole("button", { name: "Connect 2 Page(s)" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await control(`/facebook/pages/${pages[0]!.id}/expire-token`, {});

  await page.goto("/create-post");
  const postAs = page.getByRole("region", { name: "Post As" });
  for (const item of pages) await postAs.getByRole("checkbox", { name: item.name }).check();
  const text = `Fresh out of the oven ${suffix}`;
  await page.getByLabel("Post content").fill(text);
  await page.getByRole("button", { name: "Publish Now" }).click();
  await expect(page.getByText("Failed to publish post").first()).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/content\?highlight=/, { timeout: 10_000 });

  const card = page.getByRole("article").filter({ hasText: text });
  await expect(card.getByText("Failed", { exact: true }).first()).toBeVisible();
  await card.getByRole("button", { name: "More" }).click();
  await expect(
    card.getByText("Social account access has expired. Please reconnect your accounts.").first(),
  ).toBeVisible();

  const posted = (await (
    await fetch(`${sandboxUrl()}/_control/publish/posts?platform=facebook&target=${pages[1]!.id}`)
  ).json()) as { posts: { text: string }[] };
  expect(posted.posts.map((post) => post.text)).toEqual([text]);
  const none = (await (
    await fetch(`${sandboxUrl()}/_control/publish/posts?platform=facebook&target=${pages[0]!.id}`)
  ).json()) as { posts: unknown[] };
  expect(none.posts).toEqual([]);
});

test("Publish on /content sends a failed post again only where it failed, after a confirmation naming those pages", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const { pages, ourPages } = await connectFacebookPages(page, ["Retry Page", "Reached Page"]);
  const [retryPage, reachedPage] = ourPages as [(typeof ourPages)[number], (typeof ourPages)[number]];
  await control(`/facebook/pages/${pages[0]!.id}/expire-token`, {});
  const text = `Back in stock ${numericId()}`;
  const created = await page.request.post("/api/social/posts", {
    data: { pages: ourPages.map((item) => ({ type: "post", pageId: item.id, platform: "facebook" })), content: text },
  });
  const { post } = (await created.json()) as { post: { id: string } };
  await page.request.post(`/api/post/${post.id}/publish`, { data: {} });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/post/${post.id}`)).json()) as { post: { status: string } }).post.status,
    )
    .toBe("failed");
  // The owner reconnects (Refresh Token), then publishes again from the list.
  const accounts = (await (await page.request.get("/api/social/accounts")).json()) as {
    data: { id: string; platform: string }[];
  };
  const account = accounts.data.find((item) => item.platform === "facebook")!;
  expect((await page.request.post(`/api/social/accounts/${account.id}/refresh-token`)).status()).toBe(200);

  await page.goto("/content");
  const card = page.getByRole("article").filter({ hasText: text });
  await expect(card.getByText("Failed", { exact: true }).first()).toBeVisible();
  await card.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Publish Post?" });
  await expect(dialog).toContainText(`"${text}" will be published now on ${retryPage.name}.`);
  await expect(dialog).toContainText(`Already published on ${reachedPage.name}; it is not sent there again.`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("button", { name: "Publish", exact: true })).toBeFocused();

  await card.getByRole("button", { name: "Publish", exact: true }).click();
  await dialog.getByRole("button", { name: "Publish Now" }).click();
  await expect(page.getByText("Post published successfully!").first()).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText("Published", { exact: true }).first()).toBeVisible();
  await expect(card).toHaveAttribute("data-highlighted", "true");
  await expect(page).toHaveURL(new RegExp(`highlight=${post.id}`));

  for (const [sandboxPage, count] of [
    [pages[0]!, 1],
    [pages[1]!, 1],
  ] as const) {
    const posted = (await (
      await fetch(`${sandboxUrl()}/_control/publish/posts?platform=facebook&target=${sandboxPage.id}`)
    ).json()) as { posts: { text: string }[] };
    expect(
      posted.posts.map((item) => item.text),
      sandboxPage.name,
    ).toEqual(Array.from({ length: count }, () => text));
  }
});
