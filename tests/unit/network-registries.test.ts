import { describe, expect, it } from "vitest";
import { networkPreview } from "@/components/networks";
import { network, networkOrNull, networks } from "@/lib/networks";
import { connectablePlatforms, platformLabels, socialPlatforms } from "@/lib/networks/platforms";
import { networkText } from "@/lib/networks/text";

/**
 * Every network is in every registry under its own id (docs/adding-a-network.md), and a platform
 * that is not a network yet has no capabilities. The server's registry reads the environment when
 * it loads, so it is given a minimal one first.
 */

async function serverRegistry() {
  process.env.AUTH_SECRET ??= "unit-tests-secret-unit-tests-secret-unit";
  process.env.TOKEN_ENCRYPTION_KEY ??= Buffer.alloc(32, 3).toString("base64");
  return import("@/lib/networks/server");
}

describe("the network registries", () => {
  it("hold each connectable platform under its own id, on both sides", async () => {
    const { platformModule } = await serverRegistry();
    expect(Object.keys(networks).sort()).toEqual([...connectablePlatforms].sort());
    for (const platform of connectablePlatforms) {
      expect(network(platform).id).toBe(platform);
      expect(network(platform).label).toBe(platformLabels[platform]);
      expect(platformModule(platform).id).toBe(platform);
      expect(typeof networkText(platform).count).toBe("function");
      expect(typeof networkPreview(platform).byline).toBe("function");
    }
  });

  it("give no capabilities to a platform that is not a network yet", () => {
    for (const platform of socialPlatforms.filter(
      (each) => !(connectablePlatforms as readonly string[]).includes(each),
    ))
      expect(networkOrNull(platform)).toBeNull();
    expect(networkOrNull("twitter")?.shortLabel).toBe("X");
  });
});
