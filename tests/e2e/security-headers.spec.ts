import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, signUp, test } from "./fixtures";

/**
 * Issue #13, item 5, in the browser: the nonce-based Content-Security-Policy lets every page run
 * (the fixture fails a test on any violation in the console; the page's own listener below catches
 * those the console might word differently), and no other site can frame a signed-in page.
 */

const SIGNED_IN_PAGES = [
  { path: "/dashboard", heading: /^Welcome/ },
  { path: "/content", heading: "Content Creator" },
  // A new user has no pages yet: the editor says so.
  { path: "/create-post", heading: "No Social Media Pages Found" },
  { path: "/schedule", heading: "Content Scheduler" },
  { path: "/settings", heading: "Settings" },
  { path: "/chat", heading: "AI Chatbot" },
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});

async function violations(page: import("@playwright/test").Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test("public pages run under the policy: the theme, hydration and the forms work", async ({ page }) => {
  for (const path of ["/", "/terms", "/privacy", "/login", "/register"]) {
    await page.goto(path);
    // The server rendered the theme (no inline script of ours), and Next's scripts carry the nonce.
    await expect(page.locator("html")).toHaveAttribute("data-theme", /.+/);
    expect(await violations(page), path).toEqual([]);
  }
  await page.goto("/login");
  // Client-side validation needs hydrated React.
  await page.getByRole("button", { name: "Sign in" }).click();
  expect(await violations(page)).toEqual([]);
});

test("every main signed-in page renders and responds under the policy", async ({ page }) => {
  await signUp(page);
  for (const { path, heading } of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
    expect(await violations(page), path).toEqual([]);
  }
  // Client-side navigation, a Radix menu (inline styles) and a theme change work.
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Content" }).click();
  await expect(page).toHaveURL(/\/content$/);
  await page.getByRole("button", { name: "Theme" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("another site cannot frame a signed-in page", async ({ page, baseURL }) => {
  await signUp(page);
  // A real page on another origin of this machine (a public origin could not frame localhost
  // anyway: Chromium's private network rules would refuse it, and the test would prove nothing).
  const framer = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>framer</title><iframe name="victim" src="${baseURL}/dashboard"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = framer.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    // Chromium puts its error page where the app would be: the frame never holds an app document
    // (without the headers it would show the app, signed in or at least the landing page).
    await expect.poll(() => page.frame({ name: "victim" })?.url(), { timeout: 15_000 }).toMatch(/^chrome-error:/);
  } finally {
    await new Promise((resolve) => framer.close(resolve));
  }
});
