import { limitText } from "./display";
import type { TierLimits } from "./tiers";

const storageText = (mb: number) =>
  mb === -1 ? "Unlimited media storage" : `${mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`} of media storage`;
const storageShort = (mb: number) => (mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`);

/**
 * What cancelling a plan takes away: each limit the plan has above Free's, against Free's ("500 AI
 * requests a month (Free: 50)"). Only what the server enforces is listed, so the list never
 * promises a loss that does not happen; empty for Free.
 */
export function lostOnCancel(plan: TierLimits, free: TierLimits): string[] {
  const count = (value: number) => value.toLocaleString("en-GB");
  const rows: { key: keyof TierLimits; text: (value: number) => string; short: (value: number) => string }[] = [
    { key: "aiRequestsPerMonth", text: (value) => limitText(value, "AI requests a month"), short: count },
    { key: "postsPerMonth", text: (value) => limitText(value, "posts a month"), short: count },
    { key: "socialAccountsMax", text: (value) => limitText(value, "connected accounts"), short: count },
    { key: "teamMembers", text: (value) => limitText(value, "team members"), short: count },
    { key: "storageMB", text: storageText, short: storageShort },
  ];
  const more = (a: number, b: number) => (a === -1 ? b !== -1 : b !== -1 && a > b);
  return rows
    .filter(({ key }) => more(plan[key], free[key]))
    .map(({ key, text, short }) => `${text(plan[key])} (Free: ${short(free[key])})`);
}
