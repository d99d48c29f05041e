import { describe, expect, it } from "vitest";
import { clientAddress, PEER_HEADER } from "@/lib/server/http/client-address";

const headers = (forwarded: string | null, peer: string | null = "203.0.113.9") => {
  const h = new Headers();
  if (forwarded !== null) h.set("x-forwarded-for", forwarded);
  if (peer !== null) h.set(PEER_HEADER, peer);
  return h;
};

describe("clientAddress", () => {
  it("trusts no X-Forwarded-For by default: the socket address counts", () => {
    expect(clientAddress(headers("1.1.1.1"), 0)).toBe("203.0.113.9");
    expect(clientAddress(headers(null), 0)).toBe("203.0.113.9");
  });

  it("with N trusted hops takes the entry N places left of the socket, whatever the client put before it", () => {
    expect(clientAddress(headers("6.6.6.6, 1.1.1.1"), 1)).toBe("1.1.1.1");
    expect(clientAddress(headers("6.6.6.6, 1.1.1.1, 10.0.0.2"), 2)).toBe("1.1.1.1");
    expect(clientAddress(headers(null), 1)).toBe("203.0.113.9");
    expect(clientAddress(headers("1.1.1.1"), 5)).toBe("1.1.1.1");
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 one, and bounds odd values", () => {
    expect(clientAddress(headers(null, "::ffff:127.0.0.1"), 0)).toBe("127.0.0.1");
    expect(clientAddress(headers(`x${"9".repeat(500)}`), 1)).toHaveLength(64);
  });

  it("without the stamped socket address uses only Next's own (last) X-Forwarded-For entry", () => {
    expect(clientAddress(headers("6.6.6.6, 127.0.0.1", null), 0)).toBe("127.0.0.1");
    expect(clientAddress(headers(null, null), 0)).toBe("unknown");
  });
});
