import type { Page } from "@playwright/test";
import pg from "pg";
import { databaseUrl, expect, registerThroughForm, test } from "./fixtures";

/**
 * Screenshots of the Billing page and its modals, desktop and phone, into
 * .test-output/billing-screenshots/ for a visual review (not a test of behaviour):
 * `AI_SCREENSHOTS=1 npx playwright test billing-screenshots` after `npm run build:test`.
 * The paid state is written to the database, as the webhook would.
 */

const dir = ".test-output/billing-screenshots";
const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(500); // let entry animations settle
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

async function setSubscription(email: string, set: string) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(`update subscriptions set ${set} where workspace_id = (select id from users where email = $1)`, [
      email,
    ]);
  } finally {
    await client.end();
  }
}

for (const viewport of viewports) {
  test(`billing at ${viewport.name} width`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const user = await registerThroughForm(page);
    await page.goto("/billing");
    await expect(page.getByRole("heading", { name: "Available Plans" })).toBeVisible();
    await page.getByRole("button", { name: "Show details" }).click();
    await shot(page, `${viewport.name}-billing-free`);
    await page.getByRole("button", { name: "Upgrade to Standard" }).click();
    await shot(page, `${viewport.name}-upgrade-from-free`, false);
    await page.keyboard.press("Escape");

    await setSubscription(
      user.email,
      "tier = 'standard', current_period_start = now() - interval '10 days', current_period_end = now() + interval '20 days'",
    );
    await page.reload();
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    await shot(page, `${viewport.name}-upgrade-premium`, false);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Downgrade to Free" }).click();
    await shot(page, `${viewport.name}-downgrade`, false);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await page.getByRole("button", { name: "Other" }).click();
    await shot(page, `${viewport.name}-cancel`, false);
    await page.keyboard.press("Escape");

    await setSubscription(user.email, "cancel_at_period_end = true");
    await page.reload();
    await expect(page.getByText("Scheduled for Cancellation")).toBeVisible();
    await shot(page, `${viewport.name}-billing-cancelling`);
    await setSubscription(user.email, "cancel_at_period_end = false, status = 'past_due'");
    await page.reload();
    await shot(page, `${viewport.name}-billing-past-due`);
  });
}
