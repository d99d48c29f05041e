import type { ChatStreamEvent } from "@/lib/ai/schemas";

/**
 * Server-sent events of the contract's ChatStreamEvent, one `data: <json>\n\n` each. Pull-based: the
 * next event is produced only when the client is ready for it, and a client that goes away cancels
 * the producer (and through `onCancel` the upstream request).
 */

const encoder = new TextEncoder();

export const encodeEvent = (event: ChatStreamEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

export function sseResponse(events: AsyncGenerator<ChatStreamEvent, void, undefined>, onCancel?: () => void): Response {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await events.next();
        // The client may have gone away while the next event was being produced.
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(encodeEvent(next.value));
      } catch (error) {
        // The producer turns failures into `error` events; reaching here is a bug, not a user error.
        console.error("[ai] event stream failed", error);
        controller.close();
      }
    },
    async cancel() {
      cancelled = true;
      onCancel?.();
      await events.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      // Proxies (nginx) must pass each event on at once instead of buffering the answer.
      "X-Accel-Buffering": "no",
    },
  });
}
