import type { Page } from "@playwright/test";
import twitterText from "twitter-text";
import { FACEBOOK_FEED_CUT_CHARS } from "@/lib/networks/facebook/text";
import { LINKEDIN_FEED_CUT_CHARS } from "@/lib/networks/linkedin/text";
import { connectFacebookPages, expect, numericId, openConnectDialog, signUp, sandboxUrl, test } from "./fixtures";

/**
 * Issue #17, composer: text that a chosen network will refuse is caught before Publish Now and
 * Schedule, 'Summarize for X' fixes it for X, and the previews show what each feed will show.
 */

// The connection flows go through the sandbox's consent pages: slow on a loaded machine.
test.use({ actionTimeout: 45_000 });

async function connectProfile(page: Page, platform: "Twitter/X" | "LinkedIn", name: string) {
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("button", { name: new RegExp(platform.replace("/", "\\/")) }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  // X's consent offers the sandbox's default account: a username of this test's own keeps other
  // tests' posts out of this account.
  if (platform === "Twitter/X") await page.getByLabel("Username").fill(`u${numericId().slice(-10)}`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 45_000 });
}

async function pageIdOf(page: Page, name: string): Promise<string> {
  const accounts = (await (await page.request.get("/api/social/accounts")).json()) as {
    data: { pages: { pageId: string; name: string }[] }[];
  };
  const found = accounts.data.flatMap((account) => account.pages).find((item) => item.name === name);
  if (!found) throw new Error(`no connected page named ${name}`);
  return found.pageId;
}

async function tweetsOf(xUserId: string): Promise<string[]> {
  const response = await fetch(`${sandboxUrl()}/_control/publish/posts?platform=twitter&target=${xUserId}`);
  const { posts } = (await response.json()) as { posts: { text: string }[] };
  return posts.map((post) => post.text);
}

/** `count` words of plain text, with a marker that makes it unique to this run. */
function longText(marker: string, length: number): string {
  const words = ["Our", "autumn", "menu", "brings", "rye", "loaves,", "pumpkin", "buns", "and", "cider."];
  let text = `Marker ${marker}.`;
  for (let i = 0; text.length < length; i += 1) text += ` ${words[i % words.length]}`;
  // Exactly `length` characters: a cut that ends on a space ends on a full stop instead (the marker's
  // length varies, so where the cut falls does too).
  const cut = text.slice(0, length);
  return cut.endsWith(" ") ? `${cut.slice(0, -1)}.` : cut;
}

test("text too long for X: warned before Schedule and Publish Now, and 'Summarize for X' from the warning publishes a summary", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  const xName = `Bakery on X ${numericId().slice(-4)}`;
  await connectProfile(page, "Twitter/X", xName);
  const xUserId = await pageIdOf(page, xName);

  await page.goto("/create-post");
  const summarize = page.getByRole("switch", { name: "Summarize for X" });
  await expect(summarize).toHaveCount(0);
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: xName }).check();
  await expect(summarize).toBeVisible();
  await expect(summarize).not.toBeChecked();

  const text = longText(numericId(), 380);
  expect(twitterText.parseTweet(text).weightedLength).toBe(380);
  const editor = page.getByLabel("Post content");
  await editor.fill(text);
  await expect(page.getByRole("list", { name: "Character count by platform" })).toContainText("X 380/280");
  // The browser counts as X does (the server's twitter-text) for links, emoji and CJK too; the
  // browser bundle runs twitter-text without core-js's polyfills (next.config.mjs).
  const mixed = "東京の朝 🌅🥐 Menu: https://harbourbakery.co.uk/menu?day=sat #rye"; // a real TLD: a link
  await editor.fill(mixed);
  const weighted = twitterText.parseTweet(mixed).weightedLength;
  expect(weighted).toBe(48); // 8 (CJK) + 1 + 4 (emoji) + 7 + 23 (the link) + 5
  await expect(page.getByRole("list", { name: "Character count by platform" })).toContainText(`X ${weighted}/280`);
  await editor.fill(text);

  // Schedule: the warning comes before the Schedule Post dialog; 'Edit the text' goes back to the text.
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const warning = page.getByRole("dialog", { name: "Too long for X" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("380/280");
  await page.screenshot({ path: test.info().outputPath("limit-warning.png") });
  await warning.getByRole("button", { name: "Edit the text" }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole("dialog", { name: "Schedule Post" })).toHaveCount(0);
  await expect(editor).toBeFocused();

  // Publish Now: the warning comes before anything is saved or sent.
  await page.getByRole("button", { name: "Publish Now" }).click();
  await expect(warning).toBeVisible();
  const listed = (await (await page.request.get("/api/post?limit=50&page=1")).json()) as { posts: unknown[] };
  expect(listed.posts).toHaveLength(0);
  expect(await tweetsOf(xUserId)).toEqual([]);

  await warning.getByRole("button", { name: "Turn on Summarize for X" }).click();
  await expect(page).toHaveURL(/\/content\?highlight=/, { timeout: 30_000 });

  // The publisher fitted the text for X: one post, valid on X, shorter than what was written.
  await expect.poll(() => tweetsOf(xUserId), { timeout: 30_000 }).toHaveLength(1);
  const [tweet] = await tweetsOf(xUserId);
  expect(twitterText.parseTweet(tweet!).valid).toBe(true);
  expect(twitterText.parseTweet(tweet!).weightedLength).toBeLessThanOrEqual(280);
  expect(tweet).not.toBe(text);

  // The switch was saved with the post.
  const saved = (await (await page.request.get("/api/post?limit=50&page=1")).json()) as {
    posts: { content: string; summarizeForTwitter: boolean; status: string }[];
  };
  expect(saved.posts).toHaveLength(1);
  expect(saved.posts[0]).toMatchObject({ content: text, summarizeForTwitter: true, status: "published" });
});

test("previews show each network's cut, the page, the link's domain, and the summary note on X", async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page);
  const { pages } = await connectFacebookPages(page, ["Harbour Bakery"]);
  const suffix = numericId().slice(-4);
  const xName = `Harbour on X ${suffix}`;
  const linkedInName = `Harbour on LinkedIn ${suffix}`;
  await connectProfile(page, "Twitter/X", xName);
  await connectProfile(page, "LinkedIn", linkedInName);

  await page.goto("/create-post");
  const previews = page.getByRole("region", { name: "Preview" });
  await expect(previews).toContainText("Choose a page under Post As");
  const postAs = page.getByRole("region", { name: "Post As" });
  for (const name of [pages[0]!.name, xName, linkedInName]) await postAs.getByRole("checkbox", { name }).check();

  const facebook = previews.getByRole("article", { name: "Facebook preview" });
  const x = previews.getByRole("article", { name: "X preview" });
  const linkedIn = previews.getByRole("article", { name: "LinkedIn preview" });
  await expect(facebook).toContainText(pages[0]!.name);
  await expect(x).toContainText(xName);
  await expect(linkedIn).toContainText(linkedInName);

  // A short text is shown whole everywhere, with a card for its link's domain.
  const editor = page.getByLabel("Post content");
  await editor.fill("Fresh rye at eight. Menu: https://www.harbour-bakery.example/menu?day=sat");
  for (const preview of [facebook, x, linkedIn]) {
    await expect(preview.locator("[data-feed-text]")).toHaveText(
      "Fresh rye at eight. Menu: https://www.harbour-bakery.example/menu?day=sat",
    );
    await expect(preview).toContainText("harbour-bakery.example");
  }

  // A long text: LinkedIn folds near 210 characters ('…more'), Facebook near 477 ('See more'), X refuses it.
  const text = longText(numericId(), 600);
  await editor.fill(text);
  // The previews follow the text a moment behind typing (a deferred value): wait for the cuts.
  await expect(linkedIn.locator("[data-feed-text]")).toContainText("…more");
  await expect(facebook.locator("[data-feed-text]")).toContainText("See more");
  const linkedInText = (await linkedIn.locator("[data-feed-text]").textContent())!;
  expect(linkedInText.endsWith(" …more")).toBe(true);
  const linkedInShown = linkedInText.slice(0, -" …more".length);
  expect(text.startsWith(linkedInShown)).toBe(true);
  expect(linkedInShown.length).toBeLessThanOrEqual(LINKEDIN_FEED_CUT_CHARS);
  expect(linkedInShown.length).toBeGreaterThan(LINKEDIN_FEED_CUT_CHARS - 20);
  expect(text.charAt(linkedInShown.length)).toBe(" ");

  const facebookText = (await facebook.locator("[data-feed-text]").textContent())!;
  expect(facebookText.endsWith("… See more")).toBe(true);
  const facebookShown = facebookText.slice(0, -"… See more".length);
  expect(text.startsWith(facebookShown)).toBe(true);
  expect(facebookShown.length).toBeLessThanOrEqual(FACEBOOK_FEED_CUT_CHARS);
  expect(facebookShown.length).toBeGreaterThan(FACEBOOK_FEED_CUT_CHARS - 20);

  await expect(x).toContainText("X will refuse this post (600/280 characters).");
  await page.getByRole("switch", { name: "Summarize for X" }).click();
  await expect(x).toContainText("X gets a summary of this text");
  await expect(x).not.toContainText("X will refuse this post");

  // Both warnings are gone for X; LinkedIn still takes 600 characters, so nothing is refused.
  await page.screenshot({ path: test.info().outputPath("composer-previews.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("composer-previews-390.png"), fullPage: true });
});
