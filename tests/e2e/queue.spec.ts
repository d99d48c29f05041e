import type { Locator, Page } from "@playwright/test";
import { QUEUE_MESSAGES } from "@/lib/queue/constants";
import { connectFacebookPages, expect, numericId, signUp, test } from "./fixtures";

/**
 * Schedule › Queue as a person uses it: a page's posting slots edited, a draft added to the queue
 * from the editor, moved to the next slot, held while the queue is paused and back on resume.
 * Screenshots of the view and the slot editor in the light and dark themes go to .test-output/screens/queue/.
 */

const ZONE = "Europe/London";
test.use({ timezoneId: ZONE });

const SHOTS = ".test-output/screens/queue";

/** Tomorrow in London: its weekday's name ("Saturday") and the queue view's day label ("Sat 5 Dec"). */
function tomorrowInLondon() {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
  return {
    weekday: new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, weekday: "long" }).format(tomorrow),
    label: new Intl.DateTimeFormat("en-GB", {
      timeZone: ZONE,
      weekday: "short",
      day: "numeric",
      month: "short",
    }).format(tomorrow),
  };
}

/** Opens the Queue tab (clicked again until it answers: the server renders it before React hydrates it). */
async function openQueueTab(page: Page) {
  const tab = page.getByRole("tab", { name: "Queue" });
  await expect(async () => {
    if ((await tab.getAttribute("aria-selected")) !== "true") await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("tabpanel", { name: "Queue" }).getByRole("region").first()).toBeVisible();
}

/** The row of a slot time in a day's list of a page's queue. */
const slotRow = (queue: Locator, day: string, time: string) =>
  queue.getByRole("list", { name: day }).getByRole("listitem").filter({ hasText: time });

/** The theme as a person's last choice leaves it: the cookie the server renders the page with. */
async function useTheme(page: Page, theme: "light" | "dark") {
  await page.context().addCookies([{ name: "theme", value: theme, url: page.url() }]);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

async function shot(page: Page, name: string, { blur = false } = {}) {
  // The view as a person reads it, without the ring of the tab just clicked (a dialog keeps its focus).
  if (blur) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(400); // entry animations and toasts settle
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("slots are edited, a draft is queued from the editor, moved, held while paused and back on resume", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page);
  const { pages } = await connectFacebookPages(page, ["Queue North", "Queue South"]);
  const [north, south] = pages as [(typeof pages)[0], (typeof pages)[0]];
  const tomorrow = tomorrowInLondon();

  await page.goto("/schedule");
  await openQueueTab(page);
  const northQueue = page.getByRole("region", { name: north.name });
  const southQueue = page.getByRole("region", { name: south.name });
  await expect(southQueue).toBeVisible();
  await expect(northQueue.getByText(/^Times in /)).toBeVisible();

  // North's slots: the standard ones are replaced by two times tomorrow, read in London.
  await northQueue.getByRole("button", { name: "Edit slots" }).click();
  const dialog = page.getByRole("dialog", { name: `Posting slots · ${north.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Standard times: weekdays 09:00, 12:00 and 17:00")).toBeVisible();
  await expect(dialog.getByRole("option", { name: /^Workspace time zone \(.+\)$/ })).toHaveCount(1);
  await dialog.getByLabel("Time zone").selectOption(ZONE);
  const removes = dialog.getByRole("button", { name: /^Remove / });
  await expect(removes).toHaveCount(15);
  while ((await removes.count()) > 0) await removes.first().click();
  await expect(dialog.getByText("0 slots a week")).toBeVisible();
  await dialog.getByLabel("Day").selectOption({ label: tomorrow.weekday });
  await dialog.getByLabel("Hour").selectOption({ label: "10" });
  await dialog.getByLabel("Minute").selectOption({ label: "00" });
  await dialog.getByRole("button", { name: "Add time" }).click();
  await dialog.getByLabel("Hour").selectOption({ label: "11" });
  await dialog.getByRole("button", { name: "Add time" }).click();
  await expect(dialog.getByRole("list", { name: `${tomorrow.weekday} slots` }).getByRole("listitem")).toHaveText([
    /10:00/,
    /11:00/,
  ]);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(QUEUE_MESSAGES.saved).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(northQueue.getByText(`Times in ${ZONE}`)).toBeVisible();
  await expect(slotRow(northQueue, tomorrow.label, "10:00")).toContainText("Empty slot");
  await expect(slotRow(northQueue, tomorrow.label, "11:00")).toContainText("Empty slot");

  // A draft for North goes to its next free slot: tomorrow at 10:00.
  const content = `Queued loaves ${numericId()}`;
  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: north.name }).check();
  await page.getByLabel("Post content").fill(content);
  await page.getByRole("button", { name: "Add to queue" }).click();
  await expect(page.getByText(new RegExp(`^Added to the queue: ${north.name}, `)).first()).toBeVisible();
  // The editor lands on the Queue tab, which is in the address.
  await expect(page).toHaveURL(/\/schedule\?view=queue$/);
  await expect(page.getByRole("tab", { name: "Queue" })).toHaveAttribute("aria-selected", "true");
  const at10 = slotRow(northQueue, tomorrow.label, "10:00");
  const at11 = slotRow(northQueue, tomorrow.label, "11:00");
  await expect(at10).toContainText(content);
  await expect(at10).toContainText("Scheduled");
  await expect(at11).toContainText("Empty slot");
  await expect(at10.getByRole("button", { name: "Move earlier" })).toBeDisabled();

  // Move later: to 11:00, the last slot in view; the focus follows the post.
  await at10.getByRole("button", { name: "Move later" }).click();
  await expect(page.getByText(QUEUE_MESSAGES.moved).first()).toBeVisible();
  await expect(at11).toContainText(content);
  await expect(at10).toContainText("Empty slot");
  await expect(at11.getByRole("button", { name: "Move later" })).toBeDisabled();
  await expect(at11.getByRole("button", { name: "Move earlier" })).toBeFocused();

  // Paused: the post waits under 'Held while paused'; resumed, it is back in the next free slot.
  await northQueue.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText(QUEUE_MESSAGES.paused).first()).toBeVisible();
  await expect(northQueue.getByText("Paused", { exact: true })).toBeVisible();
  const held = northQueue.getByRole("region", { name: "Held while paused" });
  await expect(held).toContainText(content);
  await expect(northQueue.getByRole("list", { name: tomorrow.label })).not.toContainText(content);
  await northQueue.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByText(QUEUE_MESSAGES.resumed).first()).toBeVisible();
  await expect(held).toBeHidden();
  await expect(northQueue.getByText("Paused", { exact: true })).toBeHidden();
  await expect(slotRow(northQueue, tomorrow.label, "10:00")).toContainText(content);

  // Screenshots: the queue view, and South's slot editor (the standard slots and their hint).
  for (const theme of ["light", "dark"] as const) {
    await useTheme(page, theme);
    await openQueueTab(page);
    await expect(slotRow(northQueue, tomorrow.label, "10:00")).toContainText(content);
    await shot(page, `queue-view-${theme}`, { blur: true });
    await southQueue.getByRole("button", { name: "Edit slots" }).click();
    const southDialog = page.getByRole("dialog", { name: `Posting slots · ${south.name}` });
    await expect(southDialog.getByText("Standard times: weekdays 09:00, 12:00 and 17:00")).toBeVisible();
    await shot(page, `queue-slots-dialog-${theme}`);
    await southDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(southDialog).toBeHidden();
  }

  // At 390 px the page's header, its slots and their move buttons fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  const moveLater = await slotRow(northQueue, tomorrow.label, "10:00")
    .getByRole("button", { name: "Move later" })
    .boundingBox();
  expect(moveLater!.x + moveLater!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "queue-view-390-dark", { blur: true });

  // The Schedule Post dialog suggests the page's next free slot: tomorrow at 11:00 now.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/create-post");
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: north.name }).check();
  await page.getByLabel("Post content").fill(`Picked by hand ${numericId()}`);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const scheduling = page.getByRole("dialog", { name: "Schedule Post" });
  await expect(scheduling).toContainText(`Times are in your time zone (${ZONE}).`);
  const slots = scheduling.getByRole("group", { name: "Next free slots in the queue" });
  const first = slots.getByRole("button").first();
  await expect(first).toContainText("11:00");
  await expect(first).toContainText(north.name);
  await first.click();
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await expect(scheduling.getByLabel("Hour")).toHaveValue("11");
  await expect(scheduling.getByLabel("Minute")).toHaveValue("0");
});
