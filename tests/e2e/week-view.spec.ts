import { connectFacebookPages, expect, numericId, signUp, test } from "./fixtures";
import { cellName, localDay, newYorkTime, scheduledDraft, ZONE } from "./schedule-helpers";

/** The calendar's week, in New York: posts by day, and a '+' for each day and free queue slot. */

test.use({ timezoneId: ZONE });

test("the week view: a day's posts, a '+' for the day and for each free queue slot, each opening the editor at that time", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const { ourPages } = await connectFacebookPages(page);
  const north = ourPages[0]!;
  // Tomorrow in New York: its date, and its weekday as the queue counts them (0 = Monday).
  const tomorrow = localDay(new Date(Date.now() + 86_400_000).toISOString());
  const [year, month, day] = tomorrow.split("-").map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  await scheduledDraft(page, [north.id], "Week view bake", newYorkTime(year, month - 1, day, 10, 30));
  const slots = await page.request.put(`/api/queue/${north.id}`, {
    data: { slots: [{ weekday, minute: 15 * 60 }], timeZone: ZONE },
  });
  expect(slots.status()).toBe(200);

  await page.goto("/schedule");
  await page.getByRole("button", { name: "Week View", exact: true }).click();
  // Sunday starts a week: from Saturday, tomorrow is in the next one.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 0)
    await page.getByRole("button", { name: "Next week" }).click();
  const tomorrowCell = page
    .getByRole("region", { name: "Week" })
    .getByRole("listitem", { name: cellName(newYorkTime(year, month - 1, day, 12)) });
  await expect(tomorrowCell.getByRole("button", { name: /Week view bake/ })).toContainText("10:30");
  // The other page has the default weekday slots, so only this page's slot is looked for.
  const northSlot = tomorrowCell.getByRole("link", { name: `Create a post for ${north.name} at 15:00` });
  await expect(northSlot).toBeVisible();
  for (const theme of ["light", "dark"] as const) {
    await page.context().addCookies([{ name: "theme", value: theme, url: page.url() }]);
    await page.reload();
    await page.getByRole("button", { name: "Week View", exact: true }).click();
    if (new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 0)
      await page.getByRole("button", { name: "Next week" }).click();
    await expect(northSlot).toBeVisible();
    await page.screenshot({ path: `.test-output/screens/week-view-${theme}.png`, fullPage: true });
  }

  // The free slot's '+': the editor with the page chosen, and the Schedule dialog at the slot.
  await northSlot.click();
  await expect(page).toHaveURL(/\/create-post\?pageId=.+&at=/);
  await expect(page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: north.name })).toBeChecked();
  await page.getByLabel("Post content").fill(`From the week ${numericId()}`);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Post" });
  await expect(dialog.getByLabel("Date")).toHaveValue(tomorrow);
  await expect(dialog.getByLabel("Hour")).toHaveValue("15");
  await expect(dialog.getByLabel("Minute")).toHaveValue("0");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The day's '+': 09:00 that day.
  await page.goto("/schedule");
  await page.getByRole("button", { name: "Week View", exact: true }).click();
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 0)
    await page.getByRole("button", { name: "Next week" }).click();
  await tomorrowCell
    .getByRole("link", { name: `Create a post on ${cellName(newYorkTime(year, month - 1, day, 12))}` })
    .click();
  await page.getByRole("region", { name: "Post As" }).getByRole("checkbox", { name: north.name }).check();
  await page.getByLabel("Post content").fill(`Also from the week ${numericId()}`);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(dialog.getByLabel("Date")).toHaveValue(tomorrow);
  await expect(dialog.getByLabel("Hour")).toHaveValue("9");
});
