import type { Locator, Page } from "@playwright/test";
import pg from "pg";
import { databaseUrl, expect, newUser, signUp, test } from "./fixtures";

/**
 * The Billing page as a person uses it, without Stripe: a Free user's plan card,
 * meters, cost breakdown, plans and history; the change-plan and cancel modals' content and keyboard;
 * what a paid, a cancelling and a past-due subscription look like (their state written to the
 * database, as the webhook would); a load failure and Try Again. The Stripe flows are in
 * billing-checkout.spec.ts.
 */

async function setSubscription(email: string, set: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const result = await client.query(
      `update subscriptions set ${set} where workspace_id = (select id from users where email = $1)`,
      [email, ...values],
    );
    if (result.rowCount !== 1) throw new Error(`no subscription for ${email}`);
  } finally {
    await client.end();
  }
}

// Each test registers a user and loads several pages: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const planCard = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Available Plans" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

async function expectFocusInside(page: Page, container: Locator) {
  const handle = await container.elementHandle();
  expect(await page.evaluate((el) => el?.contains(document.activeElement) ?? false, handle)).toBe(true);
}

/** A paid plan whose period ends on 3 Dec 2030 (written as the webhook would). */
async function registerOnStandard(page: Page, extra = "") {
  const user = await signUp(page, newUser("Grace Hopper"));
  await setSubscription(
    user.email,
    `tier = 'standard', status = 'active', current_period_start = '2030-11-03T10:00:00Z',
     current_period_end = '2030-12-03T10:00:00Z'${extra}`,
  );
  return user;
}

test("a Free user reaches Billing from the user menu and sees plan, meters, costs, plans and history", async ({
  page,
}) => {
  const user = await signUp(page);
  await page.getByRole("button", { name: user.name }).click();
  await page.getByRole("menuitem", { name: "Billing" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole("heading", { name: "Billing & Subscription", level: 1 })).toBeVisible();

  const plan = region(page, "Current Plan");
  await expect(plan.getByRole("heading", { name: "Free" })).toBeVisible({ timeout: 30_000 });
  await expect(plan.getByText("Active", { exact: true })).toBeVisible();
  await expect(plan.getByText(/^\d+ days? remaining in billing period$/)).toBeVisible();
  await expect(plan.getByText("£0.00")).toBeVisible();
  await expect(
    plan.getByText(/Billing period: \d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}/),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Manage payment" })).toHaveCount(0);

  const usage = region(page, "Usage This Month");
  await expect(usage.getByRole("group", { name: "AI Requests" })).toContainText("0 / 50");
  await expect(usage.getByText("You've used 0% of your AI Requests limit.")).toBeVisible();
  await expect(usage.getByRole("group", { name: "Posts Created" })).toContainText("0 / 30");
  await expect(usage.getByRole("group", { name: "Storage Used" })).toContainText("0 MB / 500 MB");

  const costs = region(page, "Cost Breakdown");
  await expect(costs.getByText("Estimated cost this month: £0.00")).toBeVisible();
  const toggle = costs.getByRole("button", { name: "Show details" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(costs.getByText("Infrastructure buffer", { exact: true })).toBeHidden();
  await toggle.click();
  await expect(costs.getByRole("button", { name: "Hide details" })).toHaveAttribute("aria-expanded", "true");
  await expect(costs.getByText("Infrastructure buffer", { exact: true })).toBeVisible();
  await expect(costs.getByText("Tokens in")).toBeVisible();
  // One currency in one sentence: the provider's dollar rates in pounds at the estimate's rate.
  await expect(
    costs.getByText(
      "AI tokens £0.1185 per 1M input and £0.474 per 1M output; storage £0.12 per GB per month; plus 20% infrastructure buffer.",
    ),
  ).toBeVisible();

  await expect(planCard(page, "Free").getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(planCard(page, "Free").getByText("Billed monthly")).toHaveCount(0);
  await expect(planCard(page, "Standard").getByText("£12.99")).toBeVisible();
  await expect(planCard(page, "Standard").getByText("Billed monthly")).toBeVisible();
  await expect(planCard(page, "Standard").getByText("500 AI requests/month")).toBeVisible();
  await expect(planCard(page, "Standard").getByText("5 GB storage")).toBeVisible();
  await expect(planCard(page, "Premium").getByText("Unlimited posts/month")).toBeVisible();
  await expect(planCard(page, "Standard").getByRole("button", { name: "Upgrade to Standard" })).toBeEnabled();
  await expect(planCard(page, "Premium").getByRole("button", { name: "Upgrade to Premium" })).toBeEnabled();
  await expect(page.getByText("Downgrade at end of billing period")).toHaveCount(0);

  // A new user's history holds this month (UTC), with nothing used yet.
  const month = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );
  const history = region(page, "Usage History");
  await expect(history.getByRole("columnheader", { name: "Storage GB" })).toBeVisible();
  await expect(history.getByRole("row", { name: new RegExp(`^${month}`) })).toContainText("£0.00");
});

test("the upgrade modal compares the plans, traps focus and closes with Escape", async ({ page }) => {
  await signUp(page);
  await page.goto("/billing");
  await expect(page.getByRole("heading", { name: "Available Plans" })).toBeVisible({ timeout: 30_000 });
  const upgrade = planCard(page, "Premium").getByRole("button", { name: "Upgrade to Premium" });
  await upgrade.focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Upgrade Your Plan" });
  await expect(dialog).toBeVisible();
  const comparison = dialog.getByRole("table", { name: "Plan comparison" });
  await expect(comparison.getByRole("row", { name: /^Price £0\.00\/month £39\.99\/month$/ })).toBeVisible();
  await expect(comparison.getByRole("row", { name: /^AI requests 50\/month Unlimited$/ })).toBeVisible();
  await expect(comparison.getByRole("row", { name: /^Storage 500 MB 50 GB$/ })).toBeVisible();
  await expect(comparison.getByRole("row", { name: /Price difference/ })).toContainText("+£39.99/month");
  // From Free the first paid plan is paid at checkout: no timing to choose.
  await expect(dialog.getByText(/secure checkout page/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Confirm Upgrade" })).toBeVisible();

  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    await expectFocusInside(page, dialog);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(upgrade).toBeFocused();
});

test("a paid plan: downgrade and cancel modals, their choices and keyboard", async ({ page }) => {
  await registerOnStandard(page);
  await page.goto("/billing");
  const plan = region(page, "Current Plan");
  await expect(plan.getByRole("heading", { name: "Standard" })).toBeVisible({ timeout: 30_000 });
  await expect(plan.getByText("£12.99")).toBeVisible();
  await expect(plan.getByText("Billing period: 3 Nov 2030 – 3 Dec 2030")).toBeVisible();
  await expect(planCard(page, "Standard").getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(planCard(page, "Free").getByText("Downgrade at end of billing period")).toBeVisible();

  await planCard(page, "Free").getByRole("button", { name: "Downgrade to Free" }).click();
  const downgrade = page.getByRole("dialog", { name: "Downgrade Your Plan" });
  await expect(downgrade.getByRole("row", { name: /Price difference/ })).toHaveCount(0);
  const immediately = downgrade.getByRole("radio", { name: /^Immediately/ });
  await expect(immediately).toBeChecked();
  await expect(downgrade.getByText(/prorated credit/)).toBeVisible();
  await downgrade.getByRole("radio", { name: /^At end of billing period/ }).focus();
  await page.keyboard.press("Space");
  await expect(downgrade.getByRole("radio", { name: /^At end of billing period/ })).toBeChecked();
  await expect(downgrade.getByRole("note")).toContainText("premium features");
  await expect(downgrade.getByRole("note")).toContainText("limits will be reduced");
  await expect(downgrade.getByRole("button", { name: "Confirm Downgrade" })).toBeVisible();
  await downgrade.getByRole("button", { name: "Cancel" }).click();
  await expect(downgrade).toBeHidden();

  await plan.getByRole("button", { name: "Cancel Subscription" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel Subscription" });
  const lost = cancel.getByRole("list", { name: "You will lose access to" });
  // What Standard really has above Free: its limits, each against Free's.
  await expect(lost.getByRole("listitem")).toHaveText([
    "500 AI requests a month (Free: 50)",
    "300 posts a month (Free: 30)",
    "10 connected accounts (Free: 3)",
    "3 team members (Free: 1)",
    "5 GB of media storage (Free: 500 MB)",
  ]);
  const chips = cancel.getByRole("group", { name: /Why are you cancelling/ });
  for (const reason of [
    "Too expensive",
    "Not using enough",
    "Missing features",
    "Found alternative",
    "Technical issues",
  ])
    await expect(chips.getByRole("button", { name: reason })).toHaveAttribute("aria-pressed", "false");
  await expect(cancel.getByRole("textbox", { name: "Please tell us more..." })).toHaveCount(0);
  const other = chips.getByRole("button", { name: "Other" });
  await other.focus();
  await page.keyboard.press("Enter");
  await expect(other).toHaveAttribute("aria-pressed", "true");
  await cancel.getByRole("textbox", { name: "Please tell us more..." }).fill("We are moving to a new tool.");
  await expect(cancel.getByRole("radio", { name: /^At end of billing period \(recommended\)/ })).toBeChecked();
  await expect(cancel.getByText("Keep your plan until 3 Dec 2030. No refund.")).toBeVisible();
  await expect(cancel.getByRole("radio", { name: /^Immediately/ })).not.toBeChecked();
  await expect(cancel.getByRole("button", { name: "Confirm Cancellation" })).toBeVisible();
  await cancel.getByRole("button", { name: "Keep Subscription" }).click();
  await expect(cancel).toBeHidden();

  // The hint leads to the downgrade instead.
  await plan.getByRole("button", { name: "Cancel Subscription" }).click();
  await cancel.getByRole("button", { name: "downgrade to Free" }).click();
  await expect(page.getByRole("dialog", { name: "Downgrade Your Plan" })).toBeVisible();
  await expect(cancel).toBeHidden();
});

test("a scheduled cancellation shows its end and locks the plans; past due shows the banner everywhere", async ({
  page,
}) => {
  const user = await registerOnStandard(page, ", cancel_at_period_end = true");
  await page.goto("/billing");
  const plan = region(page, "Current Plan");
  await expect(plan.getByRole("heading", { name: "Standard" })).toBeVisible({ timeout: 30_000 });
  await expect(plan.getByText("Scheduled for Cancellation")).toBeVisible();
  await expect(plan.getByText("Ends on 3 Dec 2030")).toBeVisible();
  await expect(plan.getByRole("button", { name: "Reactivate Subscription" })).toBeVisible();
  await expect(plan.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
  await expect(planCard(page, "Free").getByRole("button", { name: "Downgrade to Free" })).toBeDisabled();
  await expect(planCard(page, "Premium").getByRole("button", { name: "Upgrade to Premium" })).toBeDisabled();

  await setSubscription(user.email, "status = 'past_due', cancel_at_period_end = false");
  await page.goto("/dashboard");
  const banner = page.getByRole("alert").filter({ hasText: "Payment failed" });
  await expect(banner).toContainText("Your last payment for the Standard plan failed.");
  await page.goto("/billing");
  await expect(banner).toBeVisible();
  await expect(region(page, "Current Plan").getByText("Past Due", { exact: true })).toBeVisible();
});

/** Runs `work` while the table `name` cannot be read (renamed away), then puts it back. */
async function withTableAway(name: string, work: () => Promise<void>) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(`alter table ${name} rename to ${name}_away`);
    try {
      await work();
    } finally {
      await client.query(`alter table ${name}_away rename to ${name}`);
    }
  } finally {
    await client.end();
  }
}

test("a load failure says so and Try Again loads the page", async ({ page }) => {
  await signUp(page);
  let failures = 0;
  await page.route("**/api/subscription/dashboard", async (route) => {
    failures++;
    await route.abort("connectionfailed");
  });
  const failure = page.getByRole("alert").filter({ hasText: "Something went wrong" });
  // The server cannot read the usage (it counts chat messages), so the page arrives without its
  // plan and the browser asks for it, which fails too.
  await withTableAway("chat_messages", async () => {
    const response = await page.goto("/billing");
    expect(response?.status()).toBe(200);
    await expect(failure).toContainText("Failed to load billing information. Please try again.", { timeout: 30_000 });
  });
  expect(failures).toBeGreaterThan(0);
  await page.unroute("**/api/subscription/dashboard");
  await failure.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "Available Plans" })).toBeVisible();
  await expect(failure).toBeHidden();
});
