import { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * Requests Node.js refuses before Next.js sees them (a head over its size limit, a head that does
 * not parse, one that takes too long to arrive) are answered in the API's one error shape instead
 * of Node's empty body. Patches http.Server's `emit` once, as peer-address.ts does: a handled
 * `clientError` returns true, so Node does not write its own answer.
 */
const INSTALLED = Symbol.for("postloom.json-client-errors");

const ANSWERS: Record<string, { status: number; reason: string; error: string; code: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    error: "The request's headers are too large.",
    code: "headers_too_large",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    error: "The request took too long to arrive.",
    code: "request_timeout",
  },
};
const UNREADABLE = { status: 400, reason: "Bad Request", error: "The request could not be read.", code: "bad_request" };

/** The raw answer to a request Node could not read. */
export function clientErrorAnswer(code: string | undefined): string {
  const answer = (code && ANSWERS[code]) || UNREADABLE;
  const body = JSON.stringify({ success: false, error: answer.error, code: answer.code });
  return [
    `HTTP/1.1 ${answer.status} ${answer.reason}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

export function installJsonClientErrors(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "clientError") {
      const [error, socket] = args as [NodeJS.ErrnoException, Socket];
      // A reset socket, or one that has written part of an answer already: Node's own handling
      // (it closes it without writing, so as not to corrupt what the peer has read).
      if (error.code !== "ECONNRESET" && socket.writable && socket.bytesWritten === 0) {
        socket.end(clientErrorAnswer(error.code));
        return true;
      }
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args);
  } as Server["emit"];
}
