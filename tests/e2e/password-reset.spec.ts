import { appUrl, expect, forgetSession, formError, newUser, sandboxUrl, signUp, test } from "./fixtures";

const LINK_INVALID = "This password reset link has expired or has already been used.";

// Each test is a whole journey (two browsers, or a mailbox round trip): more steps than most.
test.describe.configure({ timeout: 120_000 });

test.describe("password reset by e-mail", () => {
  test("Forgot your password? → the e-mail in the sandbox's mail catcher → a new password → sign in; the link works once", async ({
    page,
  }) => {
    const user = await signUp(page, newUser("Grace Hopper"));
    await forgetSession(page);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "we have sent it a link" })).toBeVisible();

    // The mail catcher's page, as a developer reads it; poll until the message is there.
    const inbox = `${sandboxUrl()}/_mail?to=${encodeURIComponent(user.email)}`;
    await expect(async () => {
      await page.goto(inbox);
      await expect(page.getByRole("heading", { name: "Reset your Postloom password" })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    const link = page.getByRole("link", { name: /\/reset-password\?token=/ });
    const href = (await link.getAttribute("href"))!;
    await link.click();

    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("New password", { exact: true }).fill("a new password");
    await page.getByLabel("Confirm new password").fill("a new password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(formError(page)).toHaveText("Invalid email or password");
    await page.getByLabel("Password").fill("a new password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await forgetSession(page);
    await page.goto(href);
    await expect(formError(page)).toHaveText(LINK_INVALID);
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
  });
});

test.describe("Settings › Security", () => {
  test("Sign out everywhere ends this browser's session and another's", async ({ page, browser }) => {
    const user = await signUp(page, newUser("Alan Turing"));
    const otherContext = await browser.newContext({ baseURL: appUrl() });
    const other = await otherContext.newPage();
    await other.goto("/login");
    await other.getByLabel("Email").fill(user.email);
    await other.getByLabel("Password").fill(user.password);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(other).toHaveURL(/\/dashboard$/);

    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    // Where Sign out leads too: the landing page, signed out.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Start Free Trial" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).not.toHaveURL(/\/dashboard$/);
    await other.goto("/dashboard");
    await expect(other).not.toHaveURL(/\/dashboard$/);
    await otherContext.close();
  });

  test("Change password keeps this browser signed in and signs the other out", async ({ page, browser }) => {
    const user = await signUp(page, newUser("Katherine Johnson"));
    const otherContext = await browser.newContext({ baseURL: appUrl() });
    const other = await otherContext.newPage();
    await other.goto("/login");
    await other.getByLabel("Email").fill(user.email);
    await other.getByLabel("Password").fill(user.password);
    await other.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(other).toHaveURL(/\/dashboard$/);

    await page.goto("/settings");
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("changed in settings");
    await page.getByLabel("Confirm new password").fill("changed in settings");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed. Your other sessions have been signed out.")).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await other.goto("/dashboard");
    await expect(other).not.toHaveURL(/\/dashboard$/);
    await otherContext.close();
  });
});
