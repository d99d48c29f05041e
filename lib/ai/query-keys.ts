/**
 * TanStack Query keys of the AI calls: the browser's hooks (lib/client/hooks/ai.ts) and the pages
 * that fill them on the server (app/(app)/chat/page.tsx) must name the same entries.
 */
export const aiKeys = {
  all: ["ai"] as const,
  status: () => [...aiKeys.all, "status"] as const,
  history: () => [...aiKeys.all, "history"] as const,
  postChat: (postId: string) => [...aiKeys.all, "post-chat", postId] as const,
};
