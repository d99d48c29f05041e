import { Server } from "node:http";
import { PEER_HEADER } from "./client-address";

/**
 * Stamps each request the web process receives with its socket's address (see client-address.ts),
 * replacing any header of that name a client sent. Patches http.Server's `emit` once, before Next
 * handles the first request (instrumentation's register runs while the server prepares).
 */
const INSTALLED = Symbol.for("postloom.peer-address-header");

export function installPeerAddressHeader(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as import("node:http").IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args);
  } as Server["emit"];
}
