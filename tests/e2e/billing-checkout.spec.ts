import type { Page } from "@playwright/test";
import { connectFacebookPages, expect, signUp, test } from "./fixtures";

/**
 * The Stripe flows, in Chromium against the sandbox's Stripe (hosted
 * Checkout with test cards, subscriptions with proration, signed webhooks): a Free user upgrades to
 * Standard through Checkout and can then save a 31st post; an immediate upgrade to Premium shows the
 * prorated amount charged; a cancellation at period end is shown and locks the plans; Reactivate
 * restores them; a cancellation scheduled in Stripe's Customer Portal shows the same way and is undone
 * by Reactivate; a declined card then Back leaves the plan unchanged and says so.
 *
 * Needs the change-tier, cancel, reactivate and portal endpoints and the webhook.
 */

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const planCard = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Available Plans" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
const banner = (page: Page, text: string | RegExp) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text });

async function createPost(page: Page, pageId: string, n: number) {
  return page.request.post("/api/social/posts", {
    data: { pages: [{ type: "post", pageId, platform: "facebook" }], content: `Billing post ${n}` },
  });
}

/** Upgrade to Standard from the plan card and land on the sandbox's hosted Checkout page. */
async function startCheckout(page: Page) {
  await page.goto("/billing");
  await planCard(page, "Standard").getByRole("button", { name: "Upgrade to Standard" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade Your Plan" });
  await dialog.getByRole("button", { name: "Confirm Upgrade" }).click();
  await page.waitForURL(/\/stripe\/checkout\//, { timeout: 20_000 });
}

/** Checkout for Standard with a card that pays, back on /billing once the webhook has made it visible. */
async function payForStandard(page: Page) {
  await startCheckout(page);
  await page.locator("#card-number").fill("4242 4242 4242 4242");
  await page.locator("#checkout-pay").click();
  await page.waitForURL(/\/billing/, { timeout: 20_000 });
  await expect(banner(page, "Successfully upgraded to Standard plan!")).toBeVisible({ timeout: 60_000 });
  // The card refetches after the banner: until it shows the paid plan, it still holds Free's month.
  await expect(region(page, "Current Plan").getByRole("heading", { name: "Standard" })).toBeVisible();
}

/** The last day of the billing period, as the Current Plan card writes it. */
async function periodEndShown(page: Page) {
  const period = await region(page, "Current Plan")
    .locator("p")
    .filter({ hasText: /^Billing period:/ })
    .textContent();
  return period!.split("– ")[1]!.trim();
}

test("Free → Standard through Checkout, then Premium now with proration, cancel at period end and reactivate", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  const { ourPages } = await connectFacebookPages(page, ["Billing Page"]);
  const pageId = ourPages[0]!.id;

  await test.step("Free: 30 posts a month, the 31st is refused", async () => {
    for (let n = 1; n <= 30; n++) expect((await createPost(page, pageId, n)).status()).toBe(201);
    const refused = await createPost(page, pageId, 31);
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Post limit reached for your plan. Please upgrade or delete old posts.",
    );
  });

  await test.step("Checkout with a card that pays: back on /billing on Standard, Active, with the period", async () => {
    await payForStandard(page);
    await expect(page).toHaveURL(/\/billing$/);
    const plan = region(page, "Current Plan");
    await expect(plan.getByRole("heading", { name: "Standard" })).toBeVisible();
    await expect(plan.getByText("Active", { exact: true })).toBeVisible();
    await expect(plan.getByText("£12.99")).toBeVisible();
    await expect(plan.getByText(/^\d+ days? remaining in billing period$/)).toBeVisible();
    await expect(
      plan.getByText(/Billing period: \d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}/),
    ).toBeVisible();
    await expect(plan.getByRole("button", { name: "Manage payment" })).toBeVisible();
    await expect(planCard(page, "Standard").getByRole("button", { name: "Current Plan" })).toBeDisabled();
  });

  await test.step("a 31st post can now be saved", async () => {
    expect((await createPost(page, pageId, 31)).status()).toBe(201);
  });

  await test.step("upgrade to Premium immediately: the prorated amount charged now", async () => {
    await planCard(page, "Premium").getByRole("button", { name: "Upgrade to Premium" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade Your Plan" });
    await expect(dialog.getByRole("radio", { name: /^Immediately/ })).toBeChecked();
    await expect(dialog.getByRole("row", { name: /Price difference/ })).toContainText("+£27.00/month");
    await dialog.getByRole("button", { name: "Confirm Upgrade" }).click();
    const done = banner(page, "Successfully upgraded to Premium plan!");
    await expect(done).toBeVisible({ timeout: 20_000 });
    // Nearly a whole period is left, so nearly the whole difference (£27.00) is charged now.
    await expect(done).toContainText(/£2\d\.\d{2} was charged now \(prorated for this billing period\)\./);
    await expect(region(page, "Current Plan").getByRole("heading", { name: "Premium" })).toBeVisible();
  });

  await test.step("cancel at period end: scheduled, with its end date, plans locked", async () => {
    const plan = region(page, "Current Plan");
    const periodEnd = await periodEndShown(page);
    await plan.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Subscription" });
    await dialog.getByRole("button", { name: "Too expensive" }).click();
    await dialog.getByRole("button", { name: "Confirm Cancellation" }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(banner(page, "Subscription will be cancelled at the end of your billing period.")).toBeVisible();
    await expect(plan.getByText("Scheduled for Cancellation")).toBeVisible();
    await expect(plan.getByText(`Ends on ${periodEnd}`)).toBeVisible();
    await expect(planCard(page, "Free").getByRole("button", { name: "Downgrade to Free" })).toBeDisabled();
    await expect(planCard(page, "Standard").getByRole("button", { name: "Downgrade to Standard" })).toBeDisabled();
    await page.reload();
    await expect(plan.getByText("Scheduled for Cancellation")).toBeVisible();
  });

  await test.step("Reactivate restores it", async () => {
    const plan = region(page, "Current Plan");
    await plan.getByRole("button", { name: "Reactivate Subscription" }).click();
    await expect(banner(page, "Subscription reactivated successfully!")).toBeVisible({ timeout: 20_000 });
    await expect(plan.getByText("Scheduled for Cancellation")).toHaveCount(0);
    await expect(plan.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
    await expect(planCard(page, "Free").getByRole("button", { name: "Downgrade to Free" })).toBeEnabled();
    await expect(plan.getByRole("heading", { name: "Premium" })).toBeVisible();
  });
});

test("a cancellation scheduled in Stripe's Customer Portal shows with its date, and Reactivate undoes it there", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  await page.goto("/billing");
  await payForStandard(page);
  const plan = region(page, "Current Plan");
  const periodEnd = await periodEndShown(page);

  await test.step("cancel in the portal (flexible billing mode records it as cancel_at)", async () => {
    await plan.getByRole("button", { name: "Manage payment" }).click();
    await page.waitForURL(/\/stripe\/billing_portal\//, { timeout: 20_000 });
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByText(/^Cancels on /)).toBeVisible();
    await page.getByRole("link", { name: "Return" }).click();
    await page.waitForURL(/\/billing/);
  });

  await test.step("the Billing page shows it as scheduled, with the portal's date", async () => {
    // The portal's change reaches us by webhook: look again until it has.
    await expect(async () => {
      await page.reload();
      await expect(plan.getByText("Scheduled for Cancellation")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(plan.getByText(`Ends on ${periodEnd}`)).toBeVisible();
    await expect(planCard(page, "Premium").getByRole("button", { name: "Upgrade to Premium" })).toBeDisabled();
  });

  await test.step("Reactivate clears it in Stripe too", async () => {
    await plan.getByRole("button", { name: "Reactivate Subscription" }).click();
    await expect(banner(page, "Subscription reactivated successfully!")).toBeVisible({ timeout: 20_000 });
    await expect(plan.getByText("Scheduled for Cancellation")).toHaveCount(0);
    await plan.getByRole("button", { name: "Manage payment" }).click();
    await page.waitForURL(/\/stripe\/billing_portal\//, { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
    await expect(page.getByText(/^Cancels on /)).toHaveCount(0);
  });
});

test("a declined card, then Back, leaves the plan on Free and says nothing changed", async ({ page }) => {
  await signUp(page);
  await startCheckout(page);
  await page.locator("#card-number").fill("4000 0000 0000 0002");
  await page.locator("#checkout-pay").click();
  await expect(page.locator("#checkout-error")).toHaveText("Your card was declined.");
  await page.locator("#checkout-cancel").click();
  await page.waitForURL(/\/billing/);
  // Leaving with Back is not a failure: the page says nothing changed.
  await expect(banner(page, "Checkout cancelled: nothing was charged and your plan has not changed.")).toBeVisible();
  await expect(banner(page, "Failed to change tier. Please try again.")).toHaveCount(0);
  await expect(page).toHaveURL(/\/billing$/);
  const plan = region(page, "Current Plan");
  await expect(plan.getByRole("heading", { name: "Free" })).toBeVisible();
  await expect(plan.getByText("Active", { exact: true })).toBeVisible();
  await expect(planCard(page, "Standard").getByRole("button", { name: "Upgrade to Standard" })).toBeEnabled();
  const current = (await (await page.request.get("/api/subscription/current")).json()) as { data: { tier: string } };
  expect(current.data.tier).toBe("free");
});
