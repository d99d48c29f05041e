import { facebook } from "./facebook";
import { linkedin } from "./linkedin";
import { isConnectablePlatform, type ConnectablePlatform } from "./platforms";
import { twitter } from "./twitter";
import type { Network } from "./types";

/**
 * The client-safe registry of networks: what each can do and takes (types.ts). The code outside
 * lib/networks/ asks `network(platform)` for a capability instead of comparing platform names;
 * the lint refuses such comparisons (eslint.config.mjs). Text rules: lib/networks/text.ts. The
 * server's registry of API clients: lib/networks/server/.
 */
export const networks: Record<ConnectablePlatform, Network> = { facebook, twitter, linkedin };

export function network(platform: ConnectablePlatform): Network {
  return networks[platform];
}

/** The network a stored platform name stands for; null for a platform that is not (yet) one. */
export function networkOrNull(platform: string): Network | null {
  return isConnectablePlatform(platform) ? networks[platform] : null;
}

/**
 * A permission code a network granted a page, in words: the network's own word for it, else the
 * code spelled out ('CREATE_CONTENT' → 'Create content'), never the raw code.
 */
export function permissionLabel(platform: string, code: string): string {
  const known = networkOrNull(platform)?.permissionLabels[code];
  if (known) return known;
  const words = code.toLowerCase().replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

export type { MediaRules, Network, NetworkText } from "./types";
