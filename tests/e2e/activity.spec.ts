import { appUrl, connectFacebookPages, expect, newUser, signUp, test } from "./fixtures";

/**
 * A post's comments under its editor, with a mention chosen from the members as one types `@`, and
 * the workspace's history in Settings › Activity and from the post's 'History'.
 */

test("a comment with a mention, then the post's history and the workspace's activity", async ({ page }) => {
  const user = await signUp(page, newUser("Ada Lovelace"));
  const { ourPages } = await connectFacebookPages(page, ["Bakery"]);
  const response = await page.request.post("/api/social/posts", {
    data: {
      pages: [{ type: "post", pageId: ourPages[0]!.id, platform: "facebook" }],
      content: "Rye loaf, second proof",
      title: "Rye loaf",
    },
    headers: { Origin: appUrl() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const postId = ((await response.json()) as { post: { id: string } }).post.id;

  await page.goto(`/create-post?postId=${postId}`);
  const comments = page.getByRole("region", { name: "Comments" });
  await expect(comments.getByText("No comments yet.")).toBeVisible();
  const box = comments.getByLabel("Add a comment");
  await box.fill("Ready to go? ");
  await box.pressSequentially("@Ad");
  await page.getByRole("option", { name: new RegExp(user.name) }).click();
  await box.pressSequentially("please check");
  await comments.getByRole("button", { name: "Comment" }).click();

  const list = comments.getByRole("list", { name: "Comments" });
  await expect(list.getByText("@Ada Lovelace")).toBeVisible();
  await expect(list.getByText(/please check/)).toBeVisible();
  await expect(box).toHaveValue("");

  await comments.getByRole("button", { name: "History" }).click();
  const history = comments.getByRole("list", { name: "Activity" });
  await expect(history.getByText("commented on")).toBeVisible();
  await expect(history.getByText("created the post")).toBeVisible();

  await list.getByRole("button", { name: "Delete" }).click();
  await expect(comments.getByText("No comments yet.")).toBeVisible();

  await page.goto("/settings");
  await page.getByRole("tab", { name: "Activity" }).click();
  const activity = page.getByRole("list", { name: "Activity" });
  await expect(activity.getByText("connected the account")).toBeVisible();
  await expect(activity.getByRole("button", { name: "Rye loaf" }).first()).toBeVisible();
  // From an entry, that post's history only.
  await activity.getByRole("button", { name: "Rye loaf" }).first().click();
  await expect(page.getByRole("button", { name: /Post: Rye loaf/ })).toBeVisible();
  await expect(activity.getByText("connected the account")).toHaveCount(0);
});
