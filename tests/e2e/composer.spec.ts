import { connectFacebookPages, connectSandboxFacebookPage, expect, signUp, test } from "./fixtures";

/** The composer: page chips, the reshare disclosure, the title, the small screen; the list's names. */

const SEVEN = ["North", "South", "East", "West", "Harbour", "Market", "Station"].map((name) => `${name} Page`);

test("page chips select pages, a search narrows seven pages, and 'Share As' waits behind its disclosure", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page);
  const { pages } = await connectFacebookPages(page, SEVEN);
  const harbour = pages.find((item) => item.name.startsWith("Harbour"))!;
  const south = pages.find((item) => item.name.startsWith("South"))!;

  await page.goto("/create-post");
  const postAs = page.getByRole("region", { name: "Post As" });
  await expect(postAs.getByRole("checkbox")).toHaveCount(7);
  await postAs.getByRole("searchbox", { name: "Search pages to post as" }).fill("harb");
  await expect(postAs.getByRole("checkbox")).toHaveCount(1);
  const harbourChip = postAs.getByRole("checkbox", { name: harbour.name });
  await harbourChip.click();
  await expect(harbourChip).toHaveAttribute("aria-checked", "true");
  // A chosen page stays in view whatever the search says.
  await postAs.getByRole("searchbox", { name: "Search pages to post as" }).fill("north");
  await expect(postAs.getByRole("checkbox")).toHaveCount(2);
  await postAs.getByRole("searchbox", { name: "Search pages to post as" }).fill("");
  await expect(postAs.getByRole("checkbox")).toHaveCount(7);
  await expect(postAs.getByText("1 of 7 selected")).toBeVisible();
  // Space toggles a chip, as any checkbox.
  const northChip = postAs.getByRole("checkbox", { name: pages[0]!.name });
  await northChip.focus();
  await page.keyboard.press("Space");
  await expect(northChip).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Space");
  await expect(northChip).toHaveAttribute("aria-checked", "false");

  // Resharing is folded away until asked for.
  const disclosure = page.getByRole("button", { name: /Also reshare from…/ });
  await expect(disclosure).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("region", { name: "Share As" })).toHaveCount(0);
  await disclosure.click();
  await expect(disclosure).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("region", { name: "Share As" }).getByRole("checkbox", { name: south.name }).check();
  await expect(page.getByRole("region", { name: "Share Message Settings" })).toBeVisible();

  await page.getByLabel("Title").fill("Harbour news");
  await page.getByLabel("Post content").fill("Fresh fish at the harbour\nfrom six o'clock.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved").first()).toBeVisible();
  await expect(page).toHaveURL(/postId=/);

  // Reopened, a post that reshares shows its reshare pages at once.
  await page.reload();
  await expect(page.getByLabel("Title")).toHaveValue("Harbour news");
  await expect(page.getByRole("button", { name: /Also reshare from…/ })).toHaveAttribute("aria-expanded", "true");
  await expect(
    page.getByRole("region", { name: "Share As" }).getByRole("checkbox", { name: south.name }),
  ).toHaveAttribute("aria-checked", "true");
  await expect(
    page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: harbour.name }),
  ).toHaveAttribute("aria-checked", "true");

  // Listed by its title, with where it will go.
  await page.goto("/content");
  const card = page.getByRole("article", { name: "Harbour news" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("definition").filter({ hasText: harbour.name })).toBeVisible();
  await expect(card.getByText("Reshared from")).toBeVisible();
  await expect(card.getByRole("definition").filter({ hasText: south.name })).toBeVisible();
});

test("a post without a title is listed by its first line; an empty filter says it matched nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto("/content");
  await expect(page.getByText("No posts found. Start by creating your first post!")).toBeVisible();

  const pageName = await connectSandboxFacebookPage(page);
  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName }).check();
  await page.getByLabel("Post content").fill("Rye is back on Saturday\nCome early, it sells out.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved").first()).toBeVisible();

  await page.goto("/content");
  const card = page.getByRole("article", { name: "Rye is back on Saturday", exact: true });
  await expect(card.getByRole("heading", { name: "Rye is back on Saturday", exact: true })).toBeVisible();
  await expect(page.getByText("Untitled Post")).toHaveCount(0);
  await expect(card.getByText("Posts to")).toBeVisible();
  await expect(card.getByRole("definition").filter({ hasText: pageName })).toBeVisible();
  // A draft went nowhere yet: no figures.
  await expect(card.getByRole("list", { name: "Totals" })).toHaveCount(0);
  await card.getByRole("button", { name: "More" }).click();
  await expect(card.getByText("Analytics by platform")).toHaveCount(0);

  await page.getByLabel("Filter by Status").selectOption("published");
  await expect(page.getByText("No posts match these filters")).toBeVisible();
  await expect(page.getByText(/Start by creating your first post/)).toHaveCount(0);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByLabel("Filter by Status")).toHaveValue("all");
  await expect(card).toBeVisible();
});

test("at 390 px the editor comes first and the pickers fold; the editor has no floating assistant", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const pageName = await connectSandboxFacebookPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toBeVisible();

  await page.goto("/create-post");
  const content = page.getByLabel("Post content");
  const postAs = page.getByRole("region", { name: "Post As" });
  const summary = page.getByRole("button", { name: "Post as: 0 selected" });
  // Nothing chosen yet: the pickers start unfolded, under the editor.
  await expect(summary).toHaveAttribute("aria-expanded", "true");
  await expect(postAs).toBeVisible();
  const textBox = (await content.boundingBox())!;
  const pickerBox = (await postAs.boundingBox())!;
  expect(textBox.y + textBox.height).toBeLessThanOrEqual(pickerBox.y);
  expect((await summary.boundingBox())!.y).toBeGreaterThan(textBox.y);
  // The previews come after the pickers, and the page holds its parts in the order shown, so a page
  // painted before all of it has arrived only grows at the bottom (Lighthouse saw the editor jump
  // down when the previews, shown above it, arrived after it).
  const preview = page.getByRole("region", { name: "Preview" });
  expect((await preview.boundingBox())!.y).toBeGreaterThan(pickerBox.y + pickerBox.height);
  const follows = async (first: typeof content, second: typeof content) =>
    first.evaluate(
      (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING),
      await second.elementHandle(),
    );
  expect(await follows(content, postAs)).toBe(true);
  expect(await follows(postAs, preview)).toBe(true);
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toHaveCount(0);

  await postAs.getByRole("checkbox", { name: pageName }).check();
  await page.getByRole("button", { name: "Post as: 1 selected" }).click();
  await expect(postAs).toBeHidden();
  await content.fill("Small screen, same bread.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved").first()).toBeVisible();
  // The toast comes before the address gains the post's id; reloading earlier would open a blank editor.
  await expect(page).toHaveURL(/postId=/);

  // A saved post with its pages opens folded.
  await page.reload();
  await expect(page.getByRole("button", { name: "Post as: 1 selected" })).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("region", { name: "Post As" })).toBeHidden();
  await page.getByRole("button", { name: "Post as: 1 selected" }).click();
  await expect(page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName })).toHaveAttribute(
    "aria-checked",
    "true",
  );
});
