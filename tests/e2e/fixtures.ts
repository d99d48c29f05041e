import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";

export const appUrl = () => process.env.E2E_APP_URL ?? "http://127.0.0.1:3000";
export const sandboxUrl = () => process.env.E2E_SANDBOX_URL ?? "http://127.0.0.1:4010";

export const test = base.extend({
  baseURL: async ({}, use) => use(appUrl()),
});
export { expect };

export function newUser(name = "Ada Lovelace") {
  return { name, email: `e2e-${randomBytes(6).toString("hex")}@example.com`, password: "correct horse" };
}

/** Registers through the form, as a person would, and waits for the dashboard. */
export async function registerThroughForm(page: Page, user = newUser()) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(user.name);
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm password").fill(user.password);
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return user;
}

/** The red box above an auth form (Next's route announcer is an empty alert too). */
export function formError(page: Page) {
  return page.getByRole("alert").filter({ hasText: /\S/ });
}
