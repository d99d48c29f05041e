import type { Page } from "@playwright/test";
import { appUrl, connectFacebookPages, connectSandboxFacebookPage, expect, newUser, signUp, test } from "./fixtures";

/**
 * Issue #18: the signed-in pages used to send a spinner and paint their content only after the
 * browser had asked /api/auth/me, which put their largest paint seconds late. The server now
 * renders them with the session; these tests read what it sends and check the browser takes it
 * over (hydrates) without a mismatch, in a zone and language other than the server's.
 */

/** A conversation with the assistant (the offline writer answers in the test stack). */
async function chatOnce(page: Page, message: string) {
  const response = await page.request.post("/api/openai/chat", { data: { message }, headers: { Origin: appUrl() } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A post drafted by the AI: the dashboard's Recent Activity then has an entry, with its time. */
async function draftWithAi(page: Page) {
  const response = await page.request.post("/api/openai/generate-post", {
    data: { answers: { topic: "Sourdough", tone: "Casual", length: "Short" } },
    headers: { Origin: appUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const PAGES: { path: string; heading: RegExp }[] = [
  { path: "/dashboard", heading: /Welcome, Server Render!/ },
  { path: "/create-post", heading: /Create Post|No Social Media Pages Found/ },
  { path: "/content", heading: /Content Creator/ },
  { path: "/schedule", heading: /Content Scheduler/ },
  { path: "/analytics", heading: /Analytics Dashboard/ },
  { path: "/chat", heading: /AI Assistant|New chat|Chat/ },
  { path: "/settings", heading: /Settings/ },
  { path: "/billing", heading: /Billing &amp; Subscription/ },
];

test("each signed-in page arrives rendered with its user, not behind a session spinner", async ({ page }) => {
  await signUp(page, newUser("Server Render"));
  for (const { path, heading } of PAGES) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    // React separates adjacent text with empty comments ("Welcome<!-- -->, <!-- -->Ada<!-- -->!").
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(heading.test(html), `${path} sent without its heading`).toBe(true);
    expect(html.includes('aria-label="Main"'), `${path} sent without the signed-in navigation`).toBe(true);
  }
});

test("no part of a signed-in page is streamed apart from it, with or without its query parameters", async ({
  page,
}) => {
  // A Suspense boundary still pending when the page's first bytes leave (React writes it as
  // <!--$?--> and sends its content later, hidden) is hydrated apart from the page. An update that
  // reaches it first (a router.replace as the page loads, as Billing's Checkout return and Content's
  // highlight do) makes React render it in the browser, and the hidden copy that arrives after
  // stays in the page: CI once found Content's and Billing's views twice. Query parameters are
  // read by the pages on the server, so nothing needs such a boundary.
  await signUp(page, newUser("Server Render"));
  const paths = [
    ...PAGES.map(({ path }) => path),
    "/content?highlight=00000000-0000-4000-8000-000000000000",
    "/billing?checkout=cancelled",
    "/create-post?postId=00000000-0000-4000-8000-000000000000&pageId=x",
    "/chat?chatId=00000000-0000-4000-8000-000000000000",
  ];
  for (const path of paths) {
    const html = await (await page.request.get(path)).text();
    expect(html.includes("<!--$?-->"), `${path} streamed a part apart`).toBe(false);
    expect(/<div hidden id="S:\d+">/.test(html), `${path} sent a part hidden, to be moved in later`).toBe(false);
  }
});

test("the chat page arrives with the open conversation in it", async ({ page }) => {
  await signUp(page, newUser("Server Render"));
  await chatOnce(page, "Ideas for a bakery post this weekend?");
  const html = (await (await page.request.get("/chat")).text()).replaceAll("<!-- -->", "");
  // In the conversation's HTML, not only in the data handed to the browser after it.
  const conversation = html.slice(0, html.indexOf("self.__next_f"));
  expect(conversation).toContain("Ideas for a bakery post this weekend?");
});

test("the dashboard arrives with its activity and checklist counts, and asks nothing more for them", async ({
  page,
}) => {
  await signUp(page, newUser("Server Render"));
  await draftWithAi(page);
  const html = (await (await page.request.get("/dashboard")).text()).replaceAll("<!-- -->", "");
  const rendered = html.slice(0, html.indexOf("self.__next_f"));
  expect(rendered).toContain("Drafted a post with AI");
  expect(rendered).toMatch(/<time dateTime="[^"]+">Just now<\/time>/);

  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (["/api/post", "/api/social/accounts", "/api/analytics/activity"].includes(pathname)) asked.push(request.url());
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Recent activity" }).getByText("Drafted a post with AI")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
});

/** A Facebook Page connected, and a draft for it: the Content Creator then lists a post, with its date. */
async function draftForNewPage(page: Page, content: string): Promise<string> {
  const { ourPages } = await connectFacebookPages(page, ["Bakery"]);
  const response = await page.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId: ourPages[0]!.id, platform: "facebook" }], content },
    headers: { Origin: appUrl() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

test("the content list arrives with its first page of posts, and asks nothing more for them", async ({ page }) => {
  await signUp(page, newUser("Server Render"));
  await draftForNewPage(page, "Sourdough starter, day three");
  const html = (await (await page.request.get("/content")).text()).replaceAll("<!-- -->", "");
  const rendered = html.slice(0, html.indexOf("self.__next_f"));
  expect(rendered).toContain("Sourdough starter, day three");
  // The date's words are the browser's (its zone and language): only its value is in the HTML.
  expect(rendered).toMatch(/Created <time dateTime="[^"]+"><\/time>/);

  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/post") asked.push(request.url());
  });
  await page.goto("/content");
  const card = page.getByRole("article").filter({ hasText: "Sourdough starter, day three" });
  await expect(card.locator("time")).toHaveText(/\d/);
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
});

/** The HTML the server renders for `path`, before the data it hands the browser. */
async function renderedHtml(page: Page, path: string): Promise<string> {
  const html = (await (await page.request.get(path)).text()).replaceAll("<!-- -->", "");
  return html.slice(0, html.indexOf("self.__next_f"));
}

/**
 * Loads `path` in the browser and returns the requests it made until the network went quiet
 * ("GET /api/...?query") to the API paths among `paths`, or to any API path with "any".
 */
async function askedOnLoad(page: Page, path: string, paths: string[] | "any"): Promise<string[]> {
  const asked: string[] = [];
  const listener = (request: { url(): string; method(): string }) => {
    const { pathname, search } = new URL(request.url());
    if (paths === "any" ? pathname.startsWith("/api/") : paths.includes(pathname))
      asked.push(`${request.method()} ${pathname}${search}`);
  };
  page.on("request", listener);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("request", listener);
  return asked;
}

test("no page prefetches the pages it links to: each is rendered per request, so a prefetch brings nothing", async ({
  page,
}) => {
  const prefetches = async (path: string) => {
    const asked: string[] = [];
    const listener = (request: { url(): string }) => {
      if (new URL(request.url()).searchParams.has("_rsc")) asked.push(request.url());
    };
    page.on("request", listener);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    page.off("request", listener);
    return asked;
  };
  // A visitor's landing page links to sign-in and sign-up; a user's pages to each other.
  expect(await prefetches("/")).toEqual([]);
  await signUp(page, newUser("Server Render"));
  for (const { path } of PAGES) expect(await prefetches(path), path).toEqual([]);
  // A click still navigates in the page (no full load): the top bar's link to Content.
  await page.goto("/dashboard");
  await page.evaluate(() => ((window as unknown as { stayedInPage: boolean }).stayedInPage = true));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Content" }).click();
  await expect(page.getByRole("heading", { name: /Content Creator/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayedInPage?: boolean }).stayedInPage)).toBe(true);
});

test("the subscription the past-due banner reads comes with the page: no signed-in page asks for it as it loads", async ({
  page,
}) => {
  await signUp(page, newUser("Server Render"));
  for (const { path } of PAGES) expect(await askedOnLoad(page, path, ["/api/subscription/current"]), path).toEqual([]);
});

test("a post opened for editing arrives in the editor, and is not asked for again", async ({ page }) => {
  await signUp(page, newUser("Server Render"));
  const postId = await draftForNewPage(page, "Rye loaf, second proof");
  expect(await renderedHtml(page, `/create-post?postId=${postId}`)).toContain("Rye loaf, second proof");

  expect(await askedOnLoad(page, `/create-post?postId=${postId}`, [`/api/post/${postId}`])).toEqual([]);
  await expect(page.getByLabel("Post content", { exact: true })).toHaveValue("Rye loaf, second proof");
});

test("settings arrive with the connected accounts, and ask nothing more for them", async ({ page }) => {
  await signUp(page, newUser("Server Render"));
  const pageName = await connectSandboxFacebookPage(page);
  const rendered = await renderedHtml(page, "/settings");
  expect(rendered).toContain(pageName);
  expect(rendered).toContain("Last Sync: Just now");

  expect(await askedOnLoad(page, "/settings", ["/api/social/accounts"])).toEqual([]);
  await expect(page.getByRole("heading", { name: pageName })).toBeVisible();
});

test("billing arrives with the plan, usage and history, and asks nothing more for them", async ({ page }) => {
  await signUp(page, newUser("Server Render"));
  const rendered = await renderedHtml(page, "/billing");
  expect(rendered).toContain("Billing period:");
  // The period's dates are the browser's (its zone): only their values are in the HTML.
  expect(rendered).toMatch(/Billing period: <\/span><time dateTime="[^"]+"><\/time> – <time dateTime="[^"]+"><\/time>/);

  const asked = await askedOnLoad(page, "/billing", ["/api/subscription/dashboard", "/api/subscription/usage/history"]);
  expect(asked).toEqual([]);
  await expect(page.getByText(/Billing period: \d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}/)).toBeVisible();
});

test("the scheduler's posts come with the page; its calendar follows in the browser's zone", async ({ page }) => {
  await signUp(page, newUser("Server Render"));
  await draftForNewPage(page, "Croissant weekend");
  const asked = await askedOnLoad(page, "/schedule", ["/api/post", "/api/analytics/overview"]);
  expect(asked).toEqual([]);
  await expect(page.getByRole("heading", { name: "Total Posts" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Next month" })).toBeVisible();
});

test.describe("in a browser on UTC", () => {
  test.use({ timezoneId: "UTC" });

  test("analytics arrives with its first range answered, and asks nothing more for it", async ({ page }) => {
    await signUp(page, newUser("Server Render"));
    // A new user's top posts: the table's empty state, which only an answer shows (not the skeleton).
    expect(await renderedHtml(page, "/analytics")).toContain("Posts you publish in this period are ranked here");

    const analytics = ["overview", "performance", "platforms", "top-posts", "best-times"].map(
      (name) => `/api/analytics/${name}`,
    );
    // Nothing is asked for the zone either: the browser's zone is adopted (or not) from the session
    // the page came with, and this browser is on the user's zone (UTC).
    expect(await askedOnLoad(page, "/analytics", analytics)).toEqual([]);
    // A range chosen in the browser is asked for as before.
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/analytics/overview");
    await page.getByRole("group", { name: "Date range" }).getByRole("button", { name: "Last 7 Days" }).click();
    await asked;
  });

  test("no signed-in page asks the API for anything as it loads: what it shows comes with it", async ({ page }) => {
    await signUp(page, newUser("Server Render"));
    await chatOnce(page, "Ideas for a bakery post this weekend?");
    const postId = await draftForNewPage(page, "Rye loaf, second proof");
    const paths = [...PAGES.map(({ path }) => path), `/create-post?postId=${postId}`];
    for (const path of paths) expect(await askedOnLoad(page, path, "any"), path).toEqual([]);
  });
});

test.describe("in a browser far from the server's zone and language", () => {
  test.use({ timezoneId: "Pacific/Kiritimati", locale: "de-DE" });

  // A mismatch shows as React's error #418 or #423 in the console; any other error counts too (a
  // missing favicon was one on every page).
  test("every signed-in page takes over the server's HTML without a hydration mismatch", async ({ page }) => {
    await signUp(page, newUser("Server Render"));
    await chatOnce(page, "Ideas for a bakery post this weekend?");
    await draftWithAi(page);
    // Connecting the Page passes through the sandbox's consent page, which is not ours to check.
    await draftForNewPage(page, "A draft the Content Creator lists");
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${page.url()}: ${message.text()} ${message.location().url}`);
    });
    for (const { path } of PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(problems).toEqual([]);
  });

  test("a dismissed getting-started checklist is not sent again", async ({ page }) => {
    await signUp(page, newUser("Server Render"));
    const checklist = page.getByTestId("getting-started");
    await expect(checklist).toBeVisible();
    expect(await (await page.request.get("/dashboard")).text()).toContain('data-testid="getting-started"');

    await page.getByRole("button", { name: "Dismiss getting started" }).click();
    await expect(checklist).toHaveCount(0);
    expect(await (await page.request.get("/dashboard")).text()).not.toContain('data-testid="getting-started"');
    await page.reload();
    await expect(page.getByRole("heading", { name: "Welcome, Server Render!" })).toBeVisible();
    await expect(checklist).toHaveCount(0);
  });
});
