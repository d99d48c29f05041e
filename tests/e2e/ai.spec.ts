import type { Page } from "@playwright/test";
import { connectSandboxFacebookPage, expect, signUp, sandboxUrl, test } from "./fixtures";

/**
 * The AI user interface against the app whose AI is the sandbox's OpenAI-compatible API: it answers
 * "Sandbox AI: <the last user message>", or the canned replies queued through its controls.
 */

async function control(path: string, body: unknown) {
  const response = await fetch(`${sandboxUrl()}/_control/openai/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `sandbox control ${path}`).toBe(true);
}

const queueReplies = (...replies: string[]) => control("replies", { replies });

let sandboxSettings: unknown;
test.beforeAll(async () => {
  sandboxSettings = ((await (await fetch(`${sandboxUrl()}/_control/openai/settings`)).json()) as { settings: unknown })
    .settings;
});
test.afterEach(async () => {
  // The sandbox is shared by the whole run: leave it as it was.
  await control("settings", sandboxSettings);
  await fetch(`${sandboxUrl()}/_control/openai/replies`, { method: "DELETE" });
  await fetch(`${sandboxUrl()}/_control/openai/faults`, { method: "DELETE" });
});

async function writeDraft(page: Page, pageName: string, text: string) {
  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName }).check();
  await page.getByLabel("Post content").fill(text);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved").first()).toBeVisible();
  await expect(page).toHaveURL(/\/create-post\?postId=/);
  await expect(page.getByRole("button", { name: "Update Draft" })).toBeVisible();
}

test("the AI Post Generator asks five questions and puts the post in the editor", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const pageName = await connectSandboxFacebookPage(page);
  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName }).check();
  const generated = "Fresh sourdough every Saturday morning. Come early before it sells out! #bakery";
  await queueReplies(generated);

  await page.getByRole("button", { name: "AI Generate" }).click();
  const dialog = page.getByRole("dialog", { name: "AI Post Generator" });
  await expect(dialog.getByText("Question 1 of 5")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Previous" })).toBeDisabled();

  // Required questions cannot be skipped.
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Please answer this question before continuing.")).toBeVisible();
  await dialog.getByLabel("Topic").fill("Saturday sourdough bake");
  await dialog.getByRole("button", { name: "Next" }).click();

  await expect(dialog.getByText("Question 2 of 5")).toBeVisible();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Please answer this question before continuing.")).toBeVisible();
  for (const tone of ["Professional", "Casual", "Friendly", "Formal", "Humorous", "Inspiring"]) {
    await expect(dialog.getByRole("radio", { name: tone })).toBeVisible();
  }
  await dialog.getByRole("radio", { name: "Friendly" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();

  await expect(dialog.getByText("Question 3 of 5")).toBeVisible();
  await dialog.getByRole("radio", { name: "Short: 1-2 sentences" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();

  await expect(dialog.getByText("Question 4 of 5")).toBeVisible();
  await dialog.getByRole("radio", { name: "Yes - Custom" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Please answer this question before continuing.")).toBeVisible();
  await dialog.getByLabel("Your call to action").fill("Come early");
  await dialog.getByRole("button", { name: "Next" }).click();

  await expect(dialog.getByText("Question 5 of 5")).toBeVisible();
  await dialog.getByRole("button", { name: "Previous" }).click();
  await expect(dialog.getByLabel("Your call to action")).toHaveValue("Come early");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("radio", { name: "Yes - I'll provide them" }).click();
  await dialog.getByLabel("Your hashtags").fill("#bakery");
  await dialog.getByRole("button", { name: "Generate Post" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Post content")).toHaveValue(generated);

  // The answers reached the model.
  const log = (await (await fetch(`${sandboxUrl()}/_control/openai/requests`)).json()) as {
    requests: { messages: { content: string }[] }[];
  };
  const asked = JSON.stringify(log.requests.at(-1)?.messages ?? []);
  expect(asked).toContain("Saturday sourdough bake");
  expect(asked).toContain("Friendly");
  expect(asked).toContain("Come early");
});

test("Enhance with AI compares the versions; Keep Enhanced and Update Draft save the new text", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const pageName = await connectSandboxFacebookPage(page);
  const original = "Bread is ready.";
  await writeDraft(page, pageName, original);
  const enhanced = "Warm, crusty bread just came out of the oven. Come and get it while it lasts!";
  await queueReplies("A first rewrite we will not keep.", enhanced);

  // Revert keeps the text as it was.
  await page.getByRole("button", { name: "Enhance with AI" }).click();
  const comparison = page.getByRole("region", { name: "AI enhancement" });
  await expect(comparison.getByText("A first rewrite we will not keep.")).toBeVisible();
  await comparison.getByRole("button", { name: "Revert to Original" }).click();
  await expect(comparison).toBeHidden();
  await expect(page.getByLabel("Post content")).toHaveValue(original);

  await page.getByRole("button", { name: "Enhance with AI" }).click();
  await expect(comparison.getByRole("figure", { name: "Original" })).toContainText(original);
  await expect(comparison.getByRole("figure", { name: "Enhanced" })).toContainText(enhanced);
  await comparison.getByRole("button", { name: "Keep Enhanced" }).click();
  await expect(page.getByLabel("Post content")).toHaveValue(enhanced);

  await page.getByRole("button", { name: "Update Draft" }).click();
  await expect(page.getByText("Draft updated").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Post content")).toHaveValue(enhanced);
});

test("Generate AI Suggestion fills the share message, with a warning when the template is used", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const pageName = await connectSandboxFacebookPage(page);
  await writeDraft(page, pageName, "Our new rye loaf is here. Dense, dark and delicious.");
  await page.getByRole("button", { name: "Also reshare from…" }).click();
  await page.getByRole("region", { name: "Share As" }).getByRole("checkbox", { name: pageName }).check();
  const settings = page.getByRole("region", { name: "Share Message Settings" });
  const message = settings.getByRole("textbox", { name: "Share message" });
  await expect(message).toHaveValue("Check out our latest post!");

  await queueReplies("Meet our new rye loaf!");
  await settings.getByRole("button", { name: "Generate AI Suggestion" }).click();
  await expect(message).toHaveValue("Meet our new rye loaf!");

  // The model failing: a template message instead, and the user is told.
  await control("faults", { kind: "server_error" });
  await settings.getByRole("button", { name: "Generate AI Suggestion" }).click();
  await expect(page.getByText("AI generation is unavailable, so a template message was used.")).toBeVisible();
  await expect(message).not.toHaveValue("Meet our new rye loaf!");
  await expect(message).not.toHaveValue("");
});

test("the editor's AI Assistant answers about the post and refuses a message over 2,000 characters", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const pageName = await connectSandboxFacebookPage(page);
  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: pageName }).check();
  await page.getByLabel("Post content").fill("Croissants on Sunday.");

  const panel = page.getByRole("region", { name: "AI Assistant" });
  await expect(panel.getByText("Hi! I'm your AI assistant.")).toBeVisible();
  const input = panel.getByLabel("Message the AI Assistant about this post");

  await input.fill("x".repeat(2001));
  await input.press("Enter");
  await expect(panel.getByText("Your message is too long. Please keep it under 2000 characters.")).toBeVisible();
  await expect(panel.getByText("Thinking...")).toHaveCount(0);

  await input.fill("Suggest a headline");
  await input.press("Enter");
  await expect(panel.getByText("Sandbox AI: Suggest a headline")).toBeVisible();
  // The post went along with the question.
  const log = (await (await fetch(`${sandboxUrl()}/_control/openai/requests`)).json()) as {
    requests: { messages: { content: string }[] }[];
  };
  expect(JSON.stringify(log.requests.at(-1)?.messages ?? [])).toContain("Croissants on Sunday.");

  await panel.getByRole("button", { name: "Insert into post" }).click();
  await expect(page.getByLabel("Post content")).toHaveValue("Croissants on Sunday.\n\nSandbox AI: Suggest a headline");
});

test("the floating AI Assistant streams an answer and keeps one chat", async ({ page }) => {
  await signUp(page);
  // Slow tokens, so the wait for the first one ('Thinking...') and the streaming can be seen.
  await control("settings", { streamDelayMs: 300 });

  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  const widget = page.getByRole("dialog", { name: "AI Assistant" });
  const input = widget.getByPlaceholder("Ask AI for help...");
  await expect(input).toBeFocused();

  // Blank input is ignored.
  await input.fill("   ");
  await input.press("Enter");
  await expect(widget.getByRole("log").getByText("Thinking...")).toHaveCount(0);

  await input.fill("What should I post on Monday morning?");
  await input.press("Enter");
  await expect(widget.getByText("What should I post on Monday morning?", { exact: true })).toBeVisible();
  await expect(widget.getByText("Thinking...")).toBeVisible();
  // Streamed: part of the answer shows before the whole of it.
  const answer = widget.getByText(/^Sandbox AI:/);
  await expect(answer).toBeVisible();
  const firstSeen = (await answer.textContent())?.trim();
  expect(firstSeen).not.toBe("Sandbox AI: What should I post on Monday morning?");
  expect("Sandbox AI: What should I post on Monday morning?".startsWith(firstSeen ?? "?")).toBe(true);
  await expect(widget.getByText("Sandbox AI: What should I post on Monday morning?", { exact: true })).toBeVisible();
  await expect(widget.getByText("Thinking...")).toHaveCount(0);

  await control("settings", sandboxSettings);
  await input.fill("And on Friday?");
  await widget.getByRole("button", { name: "Send" }).click();
  await expect(widget.getByText("Sandbox AI: And on Friday?", { exact: true })).toBeVisible();

  // Both exchanges went into one chat (the answer is saved when its stream ends, just after it shows).
  const chatsNow = async () =>
    (
      (await (await page.request.get("/api/openai/chat/history")).json()) as {
        chats: { messages: { content: string }[] }[];
      }
    ).chats.map((chat) => chat.messages.map((message) => message.content));
  await expect
    .poll(chatsNow)
    .toEqual([
      [
        "What should I post on Monday morning?",
        "Sandbox AI: What should I post on Monday morning?",
        "And on Friday?",
        "Sandbox AI: And on Friday?",
      ],
    ]);

  // A failure reads as a friendly assistant message.
  await control("faults", { kind: "rate_limit" });
  await input.fill("Is anyone there?");
  await input.press("Enter");
  await expect(
    widget.getByText("The AI assistant is getting a lot of requests right now. Please wait a moment and try again."),
  ).toBeVisible();

  // The panel and its conversation stay while the user moves to another page; Escape closes it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Content", exact: true }).click();
  await expect(page).toHaveURL(/\/content$/);
  await expect(widget.getByText("Sandbox AI: And on Friday?", { exact: true })).toBeVisible();
  await input.focus();
  await page.keyboard.press("Escape");
  await expect(widget).toBeHidden();
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toBeFocused();

  // /chat is the full chat: the widget stays away there, and its link opens the same conversation.
  await page.getByRole("button", { name: "Open AI Assistant" }).click();
  await widget.getByRole("link", { name: "Open full chat" }).click();
  await expect(page).toHaveURL(/\/chat\?chatId=/);
  await expect(page.getByRole("heading", { name: "AI Chatbot" })).toBeVisible();
  await expect(page.getByRole("log").getByText("Sandbox AI: And on Friday?", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open AI Assistant" })).toHaveCount(0);
});

test("/chat keeps two separate conversations after a reload", async ({ page }) => {
  await signUp(page);
  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: "AI Chatbot" })).toBeVisible();
  await expect(page.getByText("Start a conversation with the AI assistant...")).toBeVisible();
  const input = page.getByLabel("Message the AI Chatbot");
  const log = page.getByRole("log");
  const chats = page.getByRole("navigation", { name: "Chats" });

  await input.fill("First topic: sourdough");
  await input.press("Enter");
  await expect(log.getByText("Sandbox AI: First topic: sourdough", { exact: true })).toBeVisible();

  await chats.getByRole("button", { name: "New Chat", exact: true }).click();
  await expect(page.getByText("Start a conversation with the AI assistant...")).toBeVisible();
  await expect(chats.getByRole("button", { name: /New Chat\s*No messages yet/ })).toBeVisible();
  await input.fill("Second topic: croissants");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(log.getByText("Sandbox AI: Second topic: croissants", { exact: true })).toBeVisible();
  await expect(log.getByText("First topic: sourdough")).toHaveCount(0);

  await page.reload();
  const first = chats.getByRole("button", { name: /First topic: sourdough/ });
  const second = chats.getByRole("button", { name: /Second topic: croissants/ });
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();

  await first.click();
  await expect(log.getByText("Sandbox AI: First topic: sourdough", { exact: true })).toBeVisible();
  await expect(log.getByText("Second topic: croissants")).toHaveCount(0);
  await second.click();
  await expect(log.getByText("Sandbox AI: Second topic: croissants", { exact: true })).toBeVisible();
  await expect(log.getByText("First topic: sourdough")).toHaveCount(0);

  // Continuing an older chat adds to it, not to the other one.
  await first.click();
  await input.fill("More about sourdough");
  await input.press("Enter");
  await expect(log.getByText("Sandbox AI: More about sourdough", { exact: true })).toBeVisible();
  await expect(log.getByText("Sandbox AI: First topic: sourdough", { exact: true })).toBeVisible();
});
