/** The largest JSON body any endpoint takes (a post with its pages, a chat message with history). */
export const MAX_JSON_BYTES = 2_000_000;
