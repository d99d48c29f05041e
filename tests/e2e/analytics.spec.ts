import type { Page } from "@playwright/test";
import pg from "pg";
import { appUrl, connectFacebookPages, databaseUrl, expect, newUser, signUp, sandboxUrl, test } from "./fixtures";

/**
 * The Analytics Dashboard as a person uses it: empty for a new user; after publishing to
 * a Facebook Page and an X profile and the worker's first metrics sync, every figure is the
 * sandbox's; a range chip moves the figures; the content list and Post Details agree.
 */

interface SandboxFigures {
  views: number;
  reach: number;
  reactions: number;
  comments: number;
  shares: number;
  quotes: number;
}

async function sandboxFigures(platform: "facebook" | "twitter", text: string): Promise<SandboxFigures> {
  const listed = (await (await fetch(`${sandboxUrl()}/_control/publish/posts?platform=${platform}`)).json()) as {
    posts: { id: string; text: string }[];
  };
  const post = listed.posts.find((item) => item.text === text);
  if (!post) throw new Error(`no ${platform} post with the text ${text}`);
  const response = await fetch(
    `${sandboxUrl()}/_control/metrics?platform=${platform}&id=${encodeURIComponent(post.id)}`,
  );
  return (await response.json()) as SandboxFigures;
}

async function sql(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function connectX(page: Page, name: string) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Add Account" }).click();
  await page
    .getByRole("dialog", { name: "Connect Social Account" })
    .getByRole("button", { name: /Twitter\/X/ })
    .click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

/** "1 like", "12 likes" (the figures here stay under 1,000, so unabbreviated). */
const count = (n: number, noun: string) => `${n} ${n === 1 ? noun : `${noun}s`}`;

const card = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Overview" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: label, exact: true }) });

test("a new user's Analytics Dashboard: the top bar leads there, every panel shows its empty state", async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole("navigation").getByRole("link", { name: "Analytics" }).first().click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole("heading", { name: "Analytics Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Last 30 Days" })).toHaveAttribute("aria-pressed", "true");

  await expect(page.getByRole("heading", { name: "No Data Available" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Platform Data" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Engagement Data" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Posts Yet" })).toBeVisible();
  await expect(page.getByText("Not enough posts yet")).toBeVisible();
  for (const label of ["Total Views", "Likes", "Shares", "Comments", "Total Reach", "Total Posts"])
    await expect(card(page, label).getByText("0", { exact: true })).toBeVisible();
  await expect(card(page, "Engagement Rate").getByText("0.0%")).toBeVisible();
  // No error banner (Next's route announcer is an alert too, so look for the banner's Retry).
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);

  // All Time sends no dates and shows the same empty page.
  await page.getByRole("button", { name: "All Time" }).click();
  await expect(page.getByRole("button", { name: "All Time" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: "No Data Available" })).toBeVisible();
});

test("after publishing to Facebook and X and one sync, the dashboard, the content list and Post Details show the sandbox's figures", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = newUser("Grace Hopper");
  await signUp(page, user);
  const { pages } = await connectFacebookPages(page, ["Harbour Bakery"]);
  const xName = `Grace on X ${pages[0]!.id.slice(-4)}`;
  await connectX(page, xName);

  const text = `Seeded rye, fresh at eight ${pages[0]!.id.slice(-6)}`;
  await page.goto("/create-post");
  const postAs = page.getByRole("region", { name: "Post As" });
  await postAs.getByRole("checkbox", { name: pages[0]!.name }).check();
  await postAs.getByRole("checkbox", { name: xName }).check();
  await page.getByLabel("Post content").fill(text);
  await page.getByRole("button", { name: "Publish Now" }).click();
  await expect(page).toHaveURL(/\/content\?highlight=/, { timeout: 30_000 });

  // The sandbox's figures for a post stay put for its first ten minutes (they grow in steps of ten
  // minutes of sandbox time), so what the sync read is what the sandbox answers now.
  const fb = await sandboxFigures("facebook", text);
  const x = await sandboxFigures("twitter", text);
  const views = fb.views + x.views;
  const likes = fb.reactions + x.reactions;
  const comments = fb.comments + x.comments;
  // X's shares are its reposts and quotes; X gives no reach (unique viewers), Facebook does.
  const shares = fb.shares + x.shares + x.quotes;
  const rate = `${(Math.round(((likes + comments + shares) / views) * 1000) / 10).toFixed(1)}%`;

  // The worker reads new posts within seconds; reload until its first reading is on the page.
  await page.goto("/analytics");
  // Each panel asks on its own, so one answer can predate the sync that another already shows: wait
  // until every panel that has figures shows the synced ones.
  const engaged = likes + comments + shares > 0;
  await expect(async () => {
    await page.reload();
    await expect(card(page, "Total Views").getByText(String(views), { exact: true })).toBeVisible({ timeout: 2_000 });
    await expect(
      page
        .getByRole("table", { name: "Performance over time, per day" })
        .getByRole("row")
        .filter({ hasText: String(views) }),
    ).toHaveCount(1, { timeout: 2_000 });
    await expect(
      page.getByRole("region", { name: "Top Performing Posts table" }).getByRole("row").filter({ hasText: text }),
    ).toContainText(String(views), { timeout: 2_000 });
    if (engaged)
      await expect(page.getByRole("table", { name: "Engagement by platform" })).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  await expect(card(page, "Likes").getByText(String(likes), { exact: true })).toBeVisible();
  await expect(card(page, "Comments").getByText(String(comments), { exact: true })).toBeVisible();
  await expect(card(page, "Shares").getByText(String(shares), { exact: true })).toBeVisible();
  await expect(card(page, "Total Reach").getByText(String(fb.reach), { exact: true })).toBeVisible();
  await expect(card(page, "Total Posts").getByText("1", { exact: true })).toBeVisible();
  await expect(card(page, "Engagement Rate").getByText(rate)).toBeVisible();

  // On a phone the charts sit below the first screen, and recharts (the app's largest library) loads
  // only when the reader scrolls towards them; their tables for screen readers are there at once.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.reload();
  await expect(card(page, "Total Views").getByText(String(views), { exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".recharts-wrapper")).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Performance over time, per day" })).toBeAttached();
  await page.getByTestId("performance-chart").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("performance-chart").locator(".recharts-wrapper")).toBeAttached();
  await page.setViewportSize({ width: 1280, height: 720 });

  // The charts have points (their tables for screen readers carry the same figures).
  await page.getByTestId("performance-chart").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("performance-chart").locator(".recharts-line-dots circle").first()).toBeAttached();
  await expect(
    page
      .getByRole("table", { name: "Performance over time, per day" })
      .getByRole("row")
      .filter({ hasText: String(views) }),
  ).toHaveCount(1);
  await page.getByTestId("platform-distribution-chart").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("platform-distribution-chart").locator(".recharts-pie-sector")).toHaveCount(2);
  const platformList = page.getByRole("list", { name: "Platform distribution" });
  await expect(platformList.getByText("Facebook")).toBeVisible();
  await expect(platformList.getByText("Twitter/X")).toBeVisible();
  // The sandbox's first figures can hold no likes, comments or shares at all (a young post with few
  // views): then the chart says so instead of drawing empty bars.
  if (engaged) {
    await page.getByTestId("engagement-by-platform-chart").scrollIntoViewIfNeeded();
    await expect(
      page.getByTestId("engagement-by-platform-chart").locator(".recharts-bar-rectangle").first(),
    ).toBeAttached();
  } else await expect(page.getByRole("heading", { name: "No Engagement Data" })).toBeVisible();

  // Top Performing Posts lists the post with its figures.
  const row = page
    .getByRole("region", { name: "Top Performing Posts table" })
    .getByRole("row")
    .filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").first()).toHaveText("1");
  await expect(row).toContainText(String(views));
  await expect(row).toContainText(rate);

  // A range chip moves the figures: a post first published 40 days ago is outside the last 30 days
  // and inside the last 90 (the API refuses past publish times, so the age is set in the database).
  await sql(
    `update target_metrics set published_at = published_at - interval '40 days' where workspace_id = (select id from users where email = $1)`,
    [user.email],
  );
  await sql(`update metric_daily set day = day - 40 where workspace_id = (select id from users where email = $1)`, [
    user.email,
  ]);
  await page.getByRole("button", { name: "Last 7 Days" }).click();
  await expect(card(page, "Total Views").getByText("0", { exact: true })).toBeVisible();
  await expect(card(page, "Total Posts").getByText("0", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Data Available" })).toBeVisible();
  await page.getByRole("button", { name: "Last 90 Days" }).click();
  await expect(card(page, "Total Views").getByText(String(views), { exact: true })).toBeVisible();
  await expect(card(page, "Total Posts").getByText("1", { exact: true })).toBeVisible();

  // The content list: the post's totals and, under More, each platform's figures.
  await page.goto("/content");
  const article = page.getByRole("article").filter({ hasText: text });
  const totals = article.getByRole("list", { name: "Totals" });
  await expect(totals).toContainText(count(views, "view"));
  await expect(totals).toContainText(count(likes, "like"));
  await expect(totals).toContainText(count(comments, "comment"));
  await article.getByRole("button", { name: "More" }).click();
  const facebookRow = article.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Facebook" }) });
  await expect(facebookRow.getByRole("cell").first()).toHaveText(String(fb.views));
  const xRow = article.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Twitter/X" }) });
  await expect(xRow.getByRole("cell").first()).toHaveText(String(x.views));

  // The dashboard: Recent Activity lists the real events, AI Conversations the real count (no chats).
  await page.goto("/dashboard");
  const activity = page.getByRole("list", { name: "Recent activity" });
  await expect(activity.getByText(`Published to ${pages[0]!.name} on Facebook`)).toBeVisible();
  await expect(activity.getByText(`Published to ${xName} on Twitter/X`)).toBeVisible();
  await expect(activity.getByText(/^Connected Facebook account/)).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Overview" })
      .locator("dl")
      .filter({ hasText: "AI Conversations" })
      .getByRole("definition"),
  ).toHaveText("0");

  // Post Details (from the scheduler): the same totals in its Performance Metrics tiles.
  await page.goto("/schedule");
  await page.getByRole("button", { name: "List View" }).click();
  await page.getByRole("button", { name: new RegExp(`Published ${text}`) }).click();
  const details = page.getByRole("dialog", { name: "Post Details" });
  await expect(details.getByRole("heading", { name: "Performance Metrics" })).toBeVisible();
  const tile = (label: string) => details.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
  // Each tile shows only when its figure is above 0.
  for (const [label, value] of [
    ["Views", views],
    ["Likes", likes],
    ["Comments", comments],
    ["Shares", shares],
  ] as const) {
    if (value > 0) await expect(tile(label).locator("dd")).toHaveText(String(value));
    else await expect(tile(label)).toHaveCount(0);
  }
});

test.describe("in a browser on UTC", () => {
  test.use({ timezoneId: "UTC" });

  test("Settings › Preferences shows the analytics time zone and changes it", async ({ page }) => {
    await signUp(page);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Preferences" }).click();
    const panel = page.getByRole("tabpanel", { name: "Preferences" });
    // A new user's days are UTC days until they choose.
    await expect(panel.getByText("Now: UTC.")).toBeVisible();
    await panel.getByLabel("Time zone").selectOption("Asia/Tokyo");
    await panel.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("Time zone set to Asia/Tokyo")).toBeVisible();

    await page.reload();
    await page.getByRole("tab", { name: "Preferences" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preferences" }).getByText("Now: Asia/Tokyo.")).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Preferences" }).getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  });
});

test.describe("in a browser in Paris", () => {
  test.use({ timezoneId: "Europe/Paris" });

  test("a new user's analytics days follow the browser's zone from the first page on", async ({ page }) => {
    await signUp(page);
    // The first page (the dashboard) adopts the zone. Leaving before its request lands would render
    // Settings with the old zone and mark the adoption done from the page being left.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get("/api/auth/me")).json()) as { workspace: { timeZone: string } }).workspace
            .timeZone,
      )
      .toBe("Europe/Paris");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Preferences" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preferences" }).getByText("Now: Europe/Paris.")).toBeVisible();
    // Once adopted, a deliberate UTC stays UTC on the next loads.
    await page.getByRole("tabpanel", { name: "Preferences" }).getByLabel("Time zone").selectOption("UTC");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("Time zone set to UTC")).toBeVisible();
    await page.reload();
    await page.getByRole("tab", { name: "Preferences" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preferences" }).getByText("Now: UTC.")).toBeVisible();
  });

  test("the zone is adopted from the session the page came with: no analytics asked for it", async ({ page }) => {
    // The adoption used to ask for the all-time overview on a new user's first page to learn the
    // stored zone; the session the page is rendered with carries it now.
    const overviewAsked: string[] = [];
    const zoneWrites: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === "/api/analytics/overview") overviewAsked.push(request.url());
      if (pathname === "/api/auth/user" && request.method() === "PATCH") zoneWrites.push(request.postData() ?? "");
    });
    await signUp(page);
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.includes("time-zone-adopted"))))
      .toBe(true);
    expect(zoneWrites.map((body) => JSON.parse(body) as unknown)).toEqual([{ timeZone: "Europe/Paris" }]);
    expect(overviewAsked).toEqual([]);

    // A later page of the same browser writes nothing more.
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Preferences" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preferences" }).getByText("Now: Europe/Paris.")).toBeVisible();
    expect(zoneWrites).toHaveLength(1);
  });

  test("an adoption shows on the page it was made on: in Settings and in the analytics answers", async ({ page }) => {
    await signUp(page);
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.includes("time-zone-adopted"))))
      .toBe(true);
    // Back to a user on the default zone, in a browser that has not adopted yet.
    const backToUtc = async () => {
      const response = await page.request.patch("/api/auth/user", {
        data: { timeZone: "UTC" },
        headers: { Origin: appUrl() },
      });
      expect(response.status(), await response.text()).toBe(200);
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage))
          if (key.includes("time-zone-adopted")) localStorage.removeItem(key);
      });
    };

    // Settings arrives with the session's UTC; the adoption's new session shows Paris on that page.
    await backToUtc();
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Preferences" }).click();
    await expect(page.getByRole("tabpanel", { name: "Preferences" }).getByText("Now: Europe/Paris.")).toBeVisible();

    // The analytics page arrives answered in UTC (the zone it was rendered with); the adoption
    // then has it answered again in Paris.
    await backToUtc();
    const answeredInParis = page.waitForResponse(
      async (answer) =>
        new URL(answer.url()).pathname === "/api/analytics/overview" &&
        ((await answer.json()) as { data: { range: { timeZone: string } } }).data.range.timeZone === "Europe/Paris",
    );
    await page.goto("/analytics");
    await answeredInParis;
  });
});
