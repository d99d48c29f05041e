import { test as base, expect } from "@playwright/test";
import { startStack, type Stack } from "../setup/stack";
import { newUser, signUp } from "./fixtures";

/**
 * With no OPENAI_API_KEY the app still helps, and says it is the offline writer answering. This file
 * starts an app of its own without an AI key (the run's shared app talks to the sandbox's model).
 */

const test = base.extend<object, { offlineStack: Stack }>({
  offlineStack: [
    async ({}, use) => {
      const stack = await startStack({ ai: "offline" });
      await use(stack);
      await stack.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ offlineStack }, use) => use(offlineStack.appUrl),
});

test("without an AI key the assistant says the offline writer is answering, and still answers", async ({
  page,
  baseURL,
}) => {
  await signUp(page, newUser(), baseURL);

  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  const widget = page.getByRole("dialog", { name: "AI Assistant" });
  await expect(widget.getByRole("note")).toContainText("Offline writer");
  await expect(widget.getByRole("note")).toContainText(
    "No AI model is configured, so answers are written from templates.",
  );
  await widget.getByPlaceholder("Ask AI for help...").fill("Ideas for a bakery post about rye bread");
  await widget.getByPlaceholder("Ask AI for help...").press("Enter");
  await expect(widget.getByText(/Offline assistant: no AI model is configured/)).toBeVisible();

  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: "AI Chatbot" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Offline writer");
});
