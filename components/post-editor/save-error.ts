import { HttpError } from "@/lib/client/http";
import { MESSAGES } from "@/lib/posts/constants";

export const UPDATE_FORBIDDEN_MESSAGE = "You don't have permission to update this post.";

/** Messages the server already words for the user (spec section 8), shown as they are. */
const shownAsIs = new Set<string>(Object.values(MESSAGES));

export type SaveErrorOutcome = { kind: "session-expired" } | { kind: "message"; message: string };

/** Spec section 8 'Save and update': what to tell the user when saving a draft fails. */
export function saveErrorOutcome(error: unknown, mode: "create" | "update"): SaveErrorOutcome {
  if (!(error instanceof HttpError)) {
    const detail = error instanceof Error && error.message ? error.message : "Unknown error";
    return { kind: "message", message: `Error saving post: ${detail}` };
  }
  if (error.status === 401) return { kind: "session-expired" };
  if (error.status === 404) return { kind: "message", message: MESSAGES.notFound };
  if (error.status === 403) {
    // On creation a 403 is the workspace permission or the plan limit, both worded by the server.
    return { kind: "message", message: mode === "update" ? UPDATE_FORBIDDEN_MESSAGE : error.message };
  }
  // Network (0), 429 and 5xx already carry the client's friendly wording.
  if (error.status === 0 || error.status === 429 || error.status >= 500 || shownAsIs.has(error.message)) {
    return { kind: "message", message: error.message };
  }
  return { kind: "message", message: `Error saving post: ${error.message}` };
}
