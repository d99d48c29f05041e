import type { PageQueueViewDto } from "./schemas";

export interface SlotSuggestion {
  at: string;
  /** The pages whose queue has this slot free. */
  pageNames: string[];
}

/**
 * The Schedule Post dialog's suggestions for a post going to `pageIds`: the earliest free slots of
 * those pages' queues (a page's slots are its best times until someone sets them), a slot free on
 * several pages once, paused queues left out.
 */
export function freeSlotSuggestions(
  queues: readonly PageQueueViewDto[],
  pageIds: readonly string[],
  now: Date,
  limit = 4,
): SlotSuggestion[] {
  const byInstant = new Map<string, SlotSuggestion>();
  for (const queue of queues) {
    if (!pageIds.includes(queue.pageId) || queue.paused) continue;
    for (const entry of queue.upcoming) {
      if (!entry.slot || entry.post !== null || Date.parse(entry.at) <= now.getTime()) continue;
      const suggestion = byInstant.get(entry.at) ?? { at: entry.at, pageNames: [] };
      suggestion.pageNames.push(queue.pageName);
      byInstant.set(entry.at, suggestion);
    }
  }
  return [...byInstant.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).slice(0, limit);
}
