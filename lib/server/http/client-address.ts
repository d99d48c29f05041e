/**
 * The address of the client a request came from, for per-IP limits.
 *
 * Next.js 16 gives route handlers no socket: NextRequest has no `ip`, and Next only fills
 * `X-Forwarded-For` with the socket address when the client sent none, so the header alone is
 * whatever the client chose (a new value per attempt walked past the login limit). The web process
 * therefore stamps every incoming request with its socket address under PEER_HEADER
 * (installPeerAddressHeader, from instrumentation.ts), overwriting anything a client sent by that
 * name. X-Forwarded-For is then read only as far as TRUST_PROXY_HOPS proxies of our own vouch for:
 * the chain is the header's entries followed by the socket address, and each trusted proxy appended
 * the one before it, so the client is the entry `hops` places left of the socket (Express's
 * `trust proxy = n`). Pure code: no env, no I/O, so it is unit-tested as is.
 */

export const PEER_HEADER = "x-postloom-peer-address";

export function clientAddress(headers: Headers, trustProxyHops: number): string {
  const peer = normalize(headers.get(PEER_HEADER) ?? "");
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => normalize(entry))
    .filter(Boolean);
  if (!peer) {
    // Not stamped (a process started without instrumentation): Next's own X-Forwarded-For is the
    // socket address only when the client sent none, so trust nothing but its last entry.
    return forwarded.at(-1) ?? "unknown";
  }
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustProxyHops)] ?? peer;
}

/** `::ffff:10.0.0.1` and `10.0.0.1` are one client; bounded length, so a key never grows unbounded. */
function normalize(address: string): string {
  return address
    .trim()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1")
    .slice(0, 64);
}
