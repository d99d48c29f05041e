import type { Page } from "@playwright/test";
import pg from "pg";
import { startStack, type Stack } from "../setup/stack";
import {
  connectFacebookPages,
  databaseUrl,
  expect,
  newUser,
  numericId,
  signUp,
  sandboxControl,
  test as baseTest,
} from "./fixtures";

/** One statement on a test database (the API refuses past times, so lateness is set up here). */
async function sql(databaseUrl: string, text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function draft(page: Page, pageId: string, content: string) {
  const created = await page.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId, platform: "facebook" }], content },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { post: { id: string } }).post.id;
}

// A Postloom of its own with no worker process: the publishing service is down, nothing goes out.
const test = baseTest.extend<object, { workerless: Stack }>({
  workerless: [
    async ({}, use) => {
      const stack = await startStack({ withWorker: false });
      await use(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ workerless }, use) => use(workerless.appUrl),
});

test("a post 6 minutes past its time with no publishing service shows Delayed and why, everywhere", async ({
  page,
  workerless,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser(), workerless.appUrl);
  const { ourPages } = await connectFacebookPages(page, ["Quiet Page"], workerless.sandboxUrl);
  const late = `Six minutes late ${numericId()}`;
  const onTime = `Four minutes late ${numericId()}`;
  const lateId = await draft(page, ourPages[0]!.id, late);
  const onTimeId = await draft(page, ourPages[0]!.id, onTime);
  for (const [id, minutes] of [
    [lateId, 6],
    [onTimeId, 4],
  ] as const) {
    await sql(
      workerless.databaseUrl,
      `update posts set status = 'scheduled', scheduled_at = now() - make_interval(mins => $2), schedule_version = schedule_version + 1 where id = $1`,
      [id, minutes],
    );
  }
  const reason = "Waiting for the publishing service, which is not running at the moment.";

  // Content Creator: an amber 'Delayed' badge beside 'Scheduled', and the reason on the card.
  await page.goto("/content");
  const card = page.getByRole("article").filter({ hasText: late });
  await expect(card.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(card.getByText("Delayed", { exact: true })).toBeVisible();
  await expect(card).toContainText(`Delayed since`);
  await expect(card).toContainText(reason);
  // Within its first 5 minutes a late post is not flagged yet.
  const recent = page.getByRole("article").filter({ hasText: onTime });
  await expect(recent.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(recent.getByText("Delayed", { exact: true })).toHaveCount(0);

  // Scheduler list: the badge and the reason; opening it shows Post Details with both, and Reschedule.
  await page.goto("/schedule");
  await page.getByRole("button", { name: "List View" }).click();
  const item = page.getByRole("button", { name: new RegExp(late) });
  await expect(item.getByText("Delayed", { exact: true })).toBeVisible();
  await expect(item).toContainText(reason);
  await item.click();
  const details = page.getByRole("dialog", { name: "Post Details" });
  await expect(details.getByText("Delayed", { exact: true })).toBeVisible();
  await expect(details).toContainText(reason);
  await details.getByRole("button", { name: "Reschedule" }).click();
  await expect(page.getByRole("dialog", { name: "Schedule Post" })).toBeVisible();
});

baseTest("a post held back by a platform rate limit says so, and when it tries again", async ({ page }) => {
  baseTest.setTimeout(120_000);
  await signUp(page);
  const { pages, ourPages } = await connectFacebookPages(page, ["Busy Page"]);
  const content = `Rate limited ${numericId()}`;
  const postId = await draft(page, ourPages[0]!.id, content);
  await sandboxControl("/publish/faults", {
    platform: "facebook",
    kind: "rate_limit",
    target: pages[0]!.id,
    times: 1,
    resetAfterSeconds: 900,
  });
  const scheduled = await page.request.put(`/api/post/${postId}`, {
    data: { scheduledAt: new Date(Date.now() + 2_000).toISOString(), status: "scheduled" },
  });
  expect(scheduled.status()).toBe(200);

  // The worker tries, Facebook refuses for 15 minutes, a retry is planned.
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/post/${postId}`)).json()) as {
          post: { pages: { error: { message: string } | null }[] };
        };
        return body.post.pages[0]?.error?.message ?? "";
      },
      { timeout: 30_000 },
    )
    .toContain("rate limit");
  // Six minutes on (moved in the database rather than waited for): still waiting, and now flagged.
  await sql(databaseUrl(), `update posts set scheduled_at = scheduled_at - interval '6 minutes' where id = $1`, [
    postId,
  ]);

  await page.goto("/content");
  const card = page.getByRole("article").filter({ hasText: content });
  await expect(card.getByText("Delayed", { exact: true })).toBeVisible();
  await expect(card).toContainText("Platform rate limit reached on Facebook");
  await expect(card).toContainText("Next attempt");
  await expect(card).not.toContainText("not running");
});
