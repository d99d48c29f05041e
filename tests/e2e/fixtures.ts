import { randomBytes } from "node:crypto";
import { appendFileSync } from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { classConflicts, recordClassNames } from "./class-conflicts";

interface E2eStack {
  appUrl: string;
  sandboxUrl: string;
  databaseUrl: string;
}

/**
 * The stack of this Playwright worker (tests/setup/e2e-global.ts starts one per worker); without
 * E2E_STACKS, a developer's `npm run up` on its default ports.
 */
function stack(): E2eStack {
  if (!process.env.E2E_STACKS)
    return {
      appUrl: "http://127.0.0.1:3000",
      sandboxUrl: "http://127.0.0.1:4010",
      databaseUrl: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postloom",
    };
  const stacks = JSON.parse(process.env.E2E_STACKS) as E2eStack[];
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const chosen = stacks[index];
  if (!chosen) throw new Error(`no stack for Playwright worker ${index} (${stacks.length} started)`);
  return chosen;
}
export const appUrl = () => stack().appUrl;
export const sandboxUrl = () => stack().sandboxUrl;
export const databaseUrl = () => stack().databaseUrl;

export const test = base.extend<{ cspViolations: string[]; classConflicts: string[] }>({
  baseURL: async ({}, use) => use(appUrl()),
  // Every test fails on a Content-Security-Policy violation in the app's pages: a refused script or
  // style breaks a page silently, so each flow the suite drives also checks the policy lets it work.
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        // frame-ancestors refusals are the framing page's, expected by the framing test.
        const text = message.text();
        if (/Content Security Policy/i.test(text) && !/frame-ancestors/.test(text))
          violations.push(`${page.url()}: ${text}`);
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  // Every test fails when an element it rendered carries two classes that set the same thing (`px-6
  // px-4`): `cn` only joins, so which one applies would be the stylesheet's order, not the author's.
  classConflicts: [
    async ({ page }, use) => {
      const classNames = await recordClassNames(page);
      await use([]);
      const conflicts = classConflicts(classNames);
      // CLASS_CONFLICTS_LOG=file lists them all in one run of the suite instead of failing each test.
      const log = process.env.CLASS_CONFLICTS_LOG;
      if (log) appendFileSync(log, conflicts.map((conflict) => `${conflict}\n`).join(""));
      else expect(conflicts, "elements with conflicting Tailwind classes").toEqual([]);
    },
    { auto: true },
  ],
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

/**
 * A new user signed up through the API in the page's context, then on the dashboard: for tests of
 * something else (the register form has its own tests in auth.spec.ts, and a form costs a page load).
 */
export async function signUp(page: Page, user = newUser(), app = appUrl()) {
  // `app`: the app the page's baseURL points at (a spec with a stack of its own passes its URL);
  // the API refuses a write whose Origin is another app's.
  const response = await page.request.post(`${app}/api/auth/register`, {
    data: { name: user.name, email: user.email, password: user.password, password2: user.password },
    headers: { Origin: app },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.goto("/dashboard");
  return user;
}

/**
 * Ends the browser's session as a visitor's browser would have none: the signed-in page is left
 * first, so it cannot answer the lost session itself (a request of its own answered 401 sends it
 * home, and that navigation can overtake the test's next `goto`).
 */
export async function forgetSession(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/**
 * The red box above an auth form. Next's route announcer is an alert too, empty until a client
 * navigation writes the page title into it ("Sign in · Postloom"): never a form error.
 */
export function formError(page: Page) {
  return page.locator('[role="alert"]:not(#__next-route-announcer__)').filter({ hasText: /\S/ });
}

/** A random numeric id, as the platforms use for pages and users. */
export const numericId = () => String(randomBytes(6).readUIntBE(0, 6));

/** POST to the sandbox's control API (test set-up of platform state). */
export async function sandboxControl(path: string, body: unknown = {}, sandbox = sandboxUrl()) {
  const response = await fetch(`${sandbox}/_control${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** The dashboard's 'Connect Social Account' dialog (through 'Add Account', there with or without accounts). */
export async function openConnectDialog(page: Page) {
  await page.goto("/dashboard");
  const dialog = page.getByRole("dialog", { name: "Connect Social Account" });
  // The server renders the button before React has hydrated it: a click that early does nothing,
  // so click again until the dialog opens.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Add Account" }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}

/**
 * Connects new Facebook Pages (named `names`, with a random suffix) through the dashboard, as a
 * person does: Connect Account → Facebook → Approve → pick the Pages. Returns the sandbox's Pages
 * and ours (with our ids, for the API).
 */
export async function connectFacebookPages(
  page: Page,
  names: string[] = ["North Page", "South Page"],
  sandbox = sandboxUrl(),
) {
  const suffix = numericId().slice(-4);
  const pages = names.map((name) => ({
    id: numericId(),
    name: `${name} ${suffix}`,
    category: "Bakery",
    fan_count: 5,
    tasks: ["CREATE_CONTENT"],
  }));
  await sandboxControl("/facebook/users", { id: numericId(), name: "Page Owner", pages }, sandbox);
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("button", { name: /Facebook/ }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  const selection = page.getByRole("dialog", { name: "Select Facebook Pages" });
  for (const item of pages) await selection.getByText(item.name).click();
  await selection.getByRole("button", { name: `Connect ${pages.length} Page(s)` }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  const accounts = (await (await page.request.get("/api/social/accounts")).json()) as {
    data: { platform: string; pages: { id: string; pageId: string; name: string }[] }[];
  };
  const ourPages = accounts.data
    .filter((account) => account.platform === "facebook")
    .flatMap((account) => account.pages);
  return { pages, ourPages: pages.map((item) => ourPages.find((ours) => ours.pageId === item.id)!) };
}

/**
 * Connects one sandbox Facebook Page through the dashboard, as a person would (Connect Account,
 * Facebook, Approve, pick the Page), and returns the Page's name.
 */
export async function connectSandboxFacebookPage(
  page: Page,
  pageName = `Corner Bakery ${randomBytes(2).toString("hex")}`,
) {
  const numericId = () => String(randomBytes(6).readUIntBE(0, 6));
  await fetch(`${sandboxUrl()}/_control/facebook/users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      id: numericId(),
      name: "Baker",
      pages: [{ id: numericId(), name: pageName, category: "Bakery", fan_count: 900, tasks: ["CREATE_CONTENT"] }],
    }),
  });
  const dialog = await openConnectDialog(page);
  await dialog.getByRole("button", { name: /Facebook/ }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog", { name: "Select Facebook Pages" }).getByText(pageName).click();
  await page.getByRole("button", { name: "Connect 1 Page(s)" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  return pageName;
}
