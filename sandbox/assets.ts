import { escapeHtml, text } from "./responses";
import type { SandboxModule } from "./router";

/**
 * Profile pictures. Real platforms point at their CDNs, which are unreachable here, so the sandbox
 * draws an initials avatar itself. The name travels in the URL: no state, survives resets.
 */

export function avatarUrl(baseUrl: string, name: string): string {
  return `${baseUrl}/_assets/avatar.svg?name=${encodeURIComponent(name)}`;
}

const COLOURS = ["#1a73e8", "#d93025", "#188038", "#e37400", "#9334e6", "#007b83"];

function renderAvatar(name: string): string {
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join("") || "?";
  const colour = COLOURS[[...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % COLOURS.length] ?? "#1a73e8";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(name)}">
<rect width="96" height="96" rx="48" fill="${colour}"/>
<text x="48" y="60" font-family="system-ui, sans-serif" font-size="38" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text>
</svg>`;
}

export const assets: SandboxModule = {
  name: "assets",
  register(router) {
    router.get("/_assets/avatar.svg", (ctx) => text(200, renderAvatar(ctx.query.get("name") ?? ""), "image/svg+xml"));
  },
};
