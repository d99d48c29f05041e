import { expect, signUp, test } from "./fixtures";

/**
 * Issue #18: Lighthouse measured a layout shift of 0.45–0.53 on the dashboard: the getting-started
 * checklist waited for three post queries and then pushed the Overview cards down. It now starts
 * from the session's post counts, so it comes with the dashboard's first paint.
 */

interface Shift {
  value: number;
  sources: string[];
}

test("the dashboard's checklist comes with its first paint: nothing moves once the data is in", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard");
  await expect(page.getByTestId("getting-started")).toBeVisible();
  await expect(page.getByRole("region", { name: "Overview" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        const seen: Shift[] = [];
        type LayoutShift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShift[])
            if (!entry.hadRecentInput)
              seen.push({
                value: entry.value,
                sources: (entry.sources ?? []).map((source) =>
                  source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName),
                ),
              });
        }).observe({ type: "layout-shift", buffered: true });
        // The buffered entries are delivered in the observer's next callback.
        setTimeout(() => resolve(seen), 500);
      }),
  );
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(shifts, null, 2)).toBeLessThan(0.01);
});
