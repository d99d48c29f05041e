/**
 * Mentions in a comment are tokens `@[Name](userId)`, inserted by the comment box's autocomplete:
 * the id says who is meant whatever names look alike, and the name is only what the text shows.
 * Shared by the server (who to notify) and the browser (chips); free of imports.
 */

const TOKEN = /@\[([^\]\n]{1,100})\]\(([\w-]{1,100})\)/g;

export function mentionToken(name: string, userId: string): string {
  return `@[${name.replace(/[[\]\n]/g, " ").trim()}](${userId})`;
}

/** The distinct user ids a body mentions, in order of first mention. */
export function mentionedIds(body: string): string[] {
  return [...new Set([...body.matchAll(TOKEN)].map((match) => match[2]!))];
}

export type BodySegment = { kind: "text"; text: string } | { kind: "mention"; name: string; userId: string };

/** The body as text and mention segments, for rendering mentions as chips. */
export function bodySegments(body: string): BodySegment[] {
  const segments: BodySegment[] = [];
  let last = 0;
  for (const match of body.matchAll(TOKEN)) {
    if (match.index > last) segments.push({ kind: "text", text: body.slice(last, match.index) });
    segments.push({ kind: "mention", name: match[1]!, userId: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < body.length) segments.push({ kind: "text", text: body.slice(last) });
  return segments;
}

/** The body as plain text (`@Name` for each mention), for e-mails. */
export function plainBody(body: string): string {
  return body.replace(TOKEN, (_, name: string) => `@${name}`);
}
