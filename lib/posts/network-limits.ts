import { network } from "@/lib/networks";
import { countForPlatform, refusesText } from "@/lib/networks/text";
import type { ConnectablePlatform } from "@/lib/networks/platforms";

/**
 * Which selected networks would refuse a post's text, for the editor's warning before Publish Now
 * or Schedule. Each network's count and limit are its own (lib/networks/text.ts). Pure and
 * client-safe.
 */

export interface NetworkRefusal {
  platform: ConnectablePlatform;
  /** 'X', 'LinkedIn', 'Facebook'. */
  label: string;
  count: number;
  limit: number;
}

/**
 * The networks among `platforms` that would refuse the post's text. A network that takes a summary
 * of a text too long (X) is left out when 'Summarize for X' is on: the publisher then fits the text
 * itself.
 */
export function findRefusals(
  text: string,
  platforms: readonly ConnectablePlatform[],
  options: { summarizeForTwitter: boolean },
): NetworkRefusal[] {
  return platforms
    .filter((platform) => !(network(platform).summarizesLongText && options.summarizeForTwitter))
    .filter((platform) => refusesText(text, platform))
    .map((platform) => {
      const { count, limit } = countForPlatform(text, platform);
      return { platform, label: network(platform).shortLabel, count, limit };
    });
}
