import type { Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

/**
 * `cn` (lib/utils.ts) joins class names and does not merge them: tailwind-merge's first call cost
 * 26-54 ms of a page's hydration under Lighthouse's slowdown (docs/decisions/0049-class-names-without-tailwind-merge.md). So a class
 * passed to override a component's own (`<Card className="py-4">` over `py-6`) would lose or win by
 * the stylesheet's order. The suite watches every class attribute its pages ever carry and fails a
 * test whose page showed an element with two classes for the same thing; tailwind-merge, here in
 * the tests only, is the judge of "the same thing", as it was the app's merger before.
 */

const BINDING = "__postloomClassNames";

/** Starts recording the distinct class attributes the page's documents carry, across navigations. */
export async function recordClassNames(page: Page): Promise<Set<string>> {
  const classNames = new Set<string>();
  await page.exposeFunction(BINDING, (batch: string[]) => {
    for (const className of batch) classNames.add(className);
  });
  await page.addInitScript(observeClassNames, BINDING);
  return classNames;
}

/** Each class attribute that holds classes tailwind-merge would drop, with the classes it would drop. */
export function classConflicts(classNames: Iterable<string>): string[] {
  const conflicts: string[] = [];
  for (const className of classNames) {
    const kept = new Set(twMerge(className).split(" "));
    const dropped = [...new Set(className.split(/\s+/))].filter((name) => name && !kept.has(name));
    if (dropped.length > 0) conflicts.push(`${dropped.join(" ")} overridden in "${className}"`);
  }
  return conflicts.sort();
}

/** Runs in the page before its own scripts: reports each new class attribute, batched per task. */
function observeClassNames(binding: string) {
  const seen = new Set<string>();
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const report = (window as unknown as Record<string, unknown>)[binding];
    if (pending.length === 0) return;
    // Not installed yet: keep the batch and try again, so no class attribute goes unjudged.
    if (typeof report !== "function") return schedule();
    report(pending);
    pending = [];
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(flush, 0);
  };
  const note = (element: Element) => {
    const className = element.getAttribute("class");
    if (!className || seen.has(className)) return;
    seen.add(className);
    pending.push(className);
    schedule();
  };
  const scan = (node: Node) => {
    if (!(node instanceof Element)) return;
    note(node);
    for (const element of node.querySelectorAll("[class]")) note(element);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") note(record.target as Element);
      else record.addedNodes.forEach(scan);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  addEventListener("pagehide", flush);
}
