import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { pngBytes } from "../fixtures/media-files";
import { expect, signUp, sandboxUrl, test } from "./fixtures";

const numericId = () => String(randomBytes(6).readUIntBE(0, 6));

async function connectFacebookPage(page: Page) {
  const id = numericId();
  const pageName = `Corner Bakery ${id.slice(-4)}`;
  await fetch(`${sandboxUrl()}/_control/facebook/users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      id,
      name: "Baker",
      pages: [{ id: numericId(), name: pageName, category: "Bakery", fan_count: 900, tasks: ["CREATE_CONTENT"] }],
    }),
  });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Connect Account" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Facebook/ })
    .click();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog", { name: "Select Facebook Pages" }).getByText(pageName).click();
  await page.getByRole("button", { name: "Connect 1 Page(s)" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  return pageName;
}

async function writeDraft(page: Page, pageName: string, text: string) {
  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName }).check();
  await page.getByLabel("Post content").fill(text);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved").first()).toBeVisible();
}

test("a user without pages sees the no-pages screen", async ({ page }) => {
  await signUp(page);
  await page.goto("/create-post");
  await expect(page.getByRole("heading", { name: "No Social Media Pages Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("write, save, list, edit and update a draft; import a Markdown file", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const pageName = await connectFacebookPage(page);

  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName }).check();
  await page.getByTestId("import-file-input").setInputFiles({
    name: "notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Weekend menu\n\nSourdough and cinnamon buns."),
  });
  await expect(page.getByLabel("Post content")).toHaveValue("# Weekend menu\n\nSourdough and cinnamon buns.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved").first()).toBeVisible();

  await page.goto("/content");
  const card = page.getByRole("article").filter({ hasText: "Sourdough and cinnamon buns." });
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/create-post\?postId=/);
  await expect(page.getByLabel("Post content")).toHaveValue(/Sourdough/);
  await page.getByLabel("Post content").fill("Sourdough, cinnamon buns and rye.");
  await page.getByRole("button", { name: "Update Draft" }).click();
  await expect(page.getByText("Draft updated").first()).toBeVisible();

  await page.goto("/content");
  await expect(page.getByRole("article").filter({ hasText: "Sourdough, cinnamon buns and rye." })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
});

test("media: an 11 MB image is refused; two images from the Media Library are attached and saved", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const pageName = await connectFacebookPage(page);
  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName }).check();
  await page.getByLabel("Post content").fill("Two loaves, two photos");

  await page.getByRole("button", { name: "Media Library" }).click();
  const library = page.getByRole("dialog", { name: "Media Library" });
  const upload = library.getByTestId("media-library-upload-input");
  const big = Buffer.concat([pngBytes(4, 4, [200, 100, 50]), Buffer.alloc(11 * 1024 * 1024)]);
  await upload.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
  await expect(page.getByText('File "huge.png" is too large. Maximum size for images is 10 MB.').first()).toBeVisible();

  await upload.setInputFiles([
    { name: "loaf.png", mimeType: "image/png", buffer: pngBytes(64, 48, [180, 120, 60]) },
    { name: "bun.png", mimeType: "image/png", buffer: pngBytes(48, 64, [220, 180, 120]) },
  ]);
  await expect(library.getByText("loaf.png")).toBeVisible();
  await expect(library.getByText("bun.png")).toBeVisible();
  // Just-uploaded files come selected; a click toggles one off and on again.
  await expect(library.getByText("2 selected")).toBeVisible();
  await library.getByRole("button", { name: "Select loaf.png" }).click();
  await expect(library.getByText("1 selected")).toBeVisible();
  await library.getByRole("button", { name: "Select loaf.png" }).click();
  await library.getByRole("button", { name: "Add Selected (2)" }).click();
  await expect(library).toBeHidden();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved").first()).toBeVisible();

  const posts = (await (await page.request.get("/api/post")).json()) as {
    posts: { media: { originalFilename: string }[] }[];
  };
  expect(posts.posts[0]!.media.map((item) => item.originalFilename).sort()).toEqual(["bun.png", "loaf.png"]);
});

test("bulk delete two posts with the confirmation", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const pageName = await connectFacebookPage(page);
  for (const text of ["First loaf", "Second loaf", "Third loaf"]) await writeDraft(page, pageName, text);

  await page.goto("/content");
  await expect(page.getByRole("article")).toHaveCount(3);
  await page.getByRole("checkbox", { name: "Select post: First loaf" }).check();
  await page.getByRole("checkbox", { name: "Select post: Second loaf" }).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  // Two of three: the select-all box is mixed, drawn as a dash rather than a tick.
  const selectAll = page.getByRole("checkbox", { name: "Select all posts" });
  await expect(selectAll).toHaveAttribute("aria-checked", "mixed");
  await expect(selectAll.locator('[data-icon="mixed"]')).toBeVisible();
  await expect(selectAll.locator('[data-icon="check"]')).toBeHidden();
  await page.getByRole("button", { name: "Delete Selected" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete 2 Post(s)?" });
  // A confirmation is a small box on a wide window (32rem), not a band across it.
  await expect(confirm).toBeVisible();
  expect(page.viewportSize()!.width).toBeGreaterThan(900);
  expect((await confirm.boundingBox())!.width).toBeLessThanOrEqual(512);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted 2 of 2 post(s)")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article").filter({ hasText: "Third loaf" })).toBeVisible();
});
