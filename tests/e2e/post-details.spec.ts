import { pngBytes } from "../fixtures/media-files";
import { appUrl, connectFacebookPages, expect, numericId, signUp, test } from "./fixtures";

/** Post Details (spec 'Post Details modal') on a screen of ordinary height. */

test("Post Details of a long post keeps its buttons on screen at 900 px high; its body scrolls", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page);
  const { ourPages } = await connectFacebookPages(page, ["Long Page"]);
  const label = `Long read ${numericId()}`;
  const content = [label, ...Array.from({ length: 60 }, (_, line) => `Line ${line + 1} of a long story.`)].join("\n");
  const created = await page.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId: ourPages[0]!.id, platform: "facebook" }], content },
  });
  const { post } = (await created.json()) as { post: { id: string } };
  expect((await page.request.post(`/api/post/${post.id}/publish`, { data: {} })).status()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/post/${post.id}`)).json()) as { post: { status: string } }).post.status,
    )
    .toBe("published");

  await page.goto("/schedule");
  await page
    .getByRole("button", { name: new RegExp(`^${label}`) })
    .first()
    .click();
  const details = page.getByRole("dialog", { name: "Post Details" });
  await expect(details.getByText("Line 60 of a long story.")).toBeAttached();
  for (const name of ["Delete Post", "Close"]) {
    // The footer's (the corner's ✕ is a "Close" too).
    const box = (await details.getByRole("button", { name, exact: true }).last().boundingBox())!;
    expect(box.y + box.height, `${name} within the window`).toBeLessThanOrEqual(900);
  }
  const body = details.getByTestId("post-details-body");
  expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
});

test("a scheduled post shows its media on its card, is edited from the content list as 'Save changes', and keeps its time", async ({
  page,
}) => {
  await signUp(page);
  const { ourPages } = await connectFacebookPages(page, ["Edit Page"]);
  const label = `Scheduled edit ${numericId()}`;
  const uploaded = await page.request.post("/api/media/upload", {
    multipart: { media: { name: "loaf.png", mimeType: "image/png", buffer: pngBytes(64, 48, [200, 150, 80]) } },
    headers: { Origin: appUrl() },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const filename = ((await uploaded.json()) as { data: { filename: string }[] }).data[0]!.filename;
  const created = await page.request.post("/api/social/posts", {
    data: {
      pages: [{ type: "post", pageId: ourPages[0]!.id, platform: "facebook" }],
      content: label,
      media: [filename],
    },
  });
  const { post } = (await created.json()) as { post: { id: string } };
  const at = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 900_000) * 900_000).toISOString();
  const scheduled = await page.request.put(`/api/post/${post.id}`, { data: { scheduledAt: at, status: "scheduled" } });
  expect(scheduled.status()).toBe(200);

  await page.goto("/content");
  const card = page.getByRole("article").filter({ hasText: label });
  // Its media as a thumbnail on the card.
  const thumbnail = card.getByRole("list", { name: "1 media file" }).getByRole("img", { name: "loaf.png" });
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/create-post\\?postId=${post.id}`));
  await page.getByLabel("Post content").fill(`${label}, with more`);
  await page.getByRole("button", { name: "Save changes" }).click();
  // When it goes out, the zone named.
  await expect(
    page.getByText(/^Changes saved\. It goes out .+ (UTC|GMT[+\-\d:]*|[A-Z]{2,5})\.$/).first(),
  ).toBeVisible();
  const after = (await (await page.request.get(`/api/post/${post.id}`)).json()) as {
    post: { status: string; scheduledAt: string; content: string };
  };
  expect(after.post).toMatchObject({ status: "scheduled", scheduledAt: at, content: `${label}, with more` });
});
