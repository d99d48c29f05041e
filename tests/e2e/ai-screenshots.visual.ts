import type { Page } from "@playwright/test";
import { connectSandboxFacebookPage, expect, registerThroughForm, sandboxUrl, test } from "./fixtures";

/**
 * Screenshots of the AI screens for a visual review, desktop and phone, into
 * .test-output/ai-screenshots/. Not a test of behaviour (ai.spec.ts is), so not part of `npm test`:
 * run it with `AI_SCREENSHOTS=1 npx playwright test` (after `npm run build:test`).
 */

const dir = ".test-output/ai-screenshots";
const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function queueReplies(...replies: string[]) {
  await fetch(`${sandboxUrl()}/_control/openai/replies`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ replies }),
  });
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(400); // let entry animations finish
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

for (const viewport of viewports) {
  test(`AI screens at ${viewport.name} width`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await registerThroughForm(page);
    const pageName = await connectSandboxFacebookPage(page);

    // Editor with its assistant panel and a short conversation.
    await page.goto("/create-post");
    await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName }).check();
    await page.getByLabel("Post content").fill("Bread is ready. Sourdough, rye and cinnamon buns this weekend.");
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page).toHaveURL(/postId=/);
    await expect(page.getByRole("button", { name: "Update Draft" })).toBeVisible();
    const panel = page.getByRole("region", { name: "AI Assistant" });
    await panel.getByRole("textbox").fill("Suggest three hashtags for this post");
    await panel.getByRole("textbox").press("Enter");
    await expect(panel.getByText("Sandbox AI: Suggest three hashtags")).toBeVisible();
    await shot(page, `${viewport.name}-editor`, true);

    // Generator modal, on a choice question with an error and on the custom-answer question.
    await page.getByRole("button", { name: "AI Generate" }).click();
    const dialog = page.getByRole("dialog", { name: "AI Post Generator" });
    await dialog.getByLabel("Topic").fill("Weekend sourdough bake");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await shot(page, `${viewport.name}-generator-tone`);
    await dialog.getByRole("radio", { name: "Friendly" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("radio", { name: "Medium: 1 paragraph" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("radio", { name: "Yes - Custom" }).click();
    await dialog.getByLabel("Your call to action").fill("Pre-order by Friday");
    await shot(page, `${viewport.name}-generator-cta`);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Comparison view.
    await queueReplies(
      "Fresh out of the oven this weekend: tangy sourdough, hearty rye and our famous cinnamon buns. Come early, they never last long! #bakery #sourdough",
    );
    await page.getByRole("button", { name: "Enhance with AI" }).click();
    await expect(page.getByRole("region", { name: "AI enhancement" })).toBeVisible();
    await page.getByRole("region", { name: "AI enhancement" }).scrollIntoViewIfNeeded();
    await shot(page, `${viewport.name}-comparison`);
    await page.getByRole("button", { name: "Revert to Original" }).click();

    // Floating widget.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Open AI Assistant" }).click();
    await shot(page, `${viewport.name}-widget-empty`);
    const widget = page.getByRole("dialog", { name: "AI Assistant" });
    await widget.getByPlaceholder("Ask AI for help...").fill("What should I post on Monday morning?");
    await widget.getByPlaceholder("Ask AI for help...").press("Enter");
    await expect(widget.getByText("Sandbox AI: What should I post on Monday morning?")).toBeVisible();
    await shot(page, `${viewport.name}-widget`);

    // /chat with two chats.
    await page.goto("/chat");
    await shot(page, `${viewport.name}-chat-existing`);
    await page.getByRole("button", { name: "New Chat", exact: true }).click();
    await shot(page, `${viewport.name}-chat-empty`);
    await page.getByLabel("Message the AI Chatbot").fill("Give me a caption for a rainy-day discount");
    await page.getByLabel("Message the AI Chatbot").press("Enter");
    await expect(page.getByRole("log").getByText("Sandbox AI: Give me a caption")).toBeVisible();
    await shot(page, `${viewport.name}-chat`);

    // The offline writer's notice (the run's AI is the sandbox model, so the status is faked).
    await page.route("**/api/openai/status", (route) =>
      route.fulfill({ json: { success: true, offline: true, model: null } }),
    );
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Open AI Assistant" }).click();
    await expect(page.getByText("Offline writer")).toBeVisible();
    await shot(page, `${viewport.name}-widget-offline`);
  });
}
