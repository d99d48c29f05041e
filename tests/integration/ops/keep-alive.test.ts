import { describe, expect, it } from "vitest";
import { testStack } from "../../fixtures/test-stack";

/**
 * The web server keeps an idle keep-alive connection for 65 s (scripts/node-flags.mjs says why):
 * longer than a load balancer's 60 s, so it is never the side that closes one under a request.
 * Node tells the client in the answer's Keep-Alive header.
 */
describe("the web server's keep-alive", () => {
  it("keeps idle connections for 65 s and says so", async () => {
    const response = await fetch(new URL("/api/health", testStack().appUrl), {
      headers: { connection: "keep-alive" },
    });
    await response.arrayBuffer();
    expect(response.headers.get("keep-alive")).toBe("timeout=65");
  });
});
