/** The one reader of server-sent events, for the browser (lib/client/http.ts) and the tests alike. */

/**
 * Splits a `text/event-stream` body into events and yields each event's data (its `data:` lines
 * joined by newlines), decoding incrementally as chunks arrive. Comments and other fields are skipped.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  let finished = false;
  const takeLine = (line: string): string | null => {
    if (line === "") {
      const event = data.length > 0 ? data.join("\n") : null;
      data = [];
      return event;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    return null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline !== -1) {
        // A lone "\r" at the end of a chunk may be the first half of "\r\n": wait for more.
        if (!done && buffer[newline] === "\r" && newline === buffer.length - 1) break;
        const width = buffer.startsWith("\r\n", newline) ? 2 : 1;
        const event = takeLine(buffer.slice(0, newline));
        buffer = buffer.slice(newline + width);
        if (event !== null) yield event;
        newline = buffer.search(/\r\n|\r|\n/);
      }
      if (done) {
        finished = true;
        // A last event without its closing blank line still counts.
        if (buffer) takeLine(buffer);
        const event = takeLine("");
        if (event !== null) yield event;
        return;
      }
    }
  } finally {
    // The reader stopped early (cancelled or failed): hang up rather than leave the answer running.
    if (finished) reader.releaseLock();
    else void reader.cancel().catch(() => undefined);
  }
}

/** A whole event-stream body already read as text, parsed into its events' JSON data. */
export async function parseServerSentEvents<T>(text: string): Promise<T[]> {
  const events: T[] = [];
  for await (const data of readServerSentEvents(new Response(text).body!)) events.push(JSON.parse(data) as T);
  return events;
}
