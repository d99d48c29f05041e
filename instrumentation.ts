// Runs once per web process before it serves requests (Next.js instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { installPeerAddressHeader } = await import("@/lib/server/http/peer-address");
    const { installJsonClientErrors } = await import("@/lib/server/http/client-errors");
    installPeerAddressHeader();
    installJsonClientErrors();
  }
}
