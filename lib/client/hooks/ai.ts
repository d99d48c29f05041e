"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { aiKeys } from "@/lib/ai/query-keys";
import type { GeneratePostRequest } from "@/lib/ai/schemas";
import {
  enhancePost,
  generatePost,
  generateShareMessage,
  getAiStatus,
  getChatHistory,
  getPostChat,
  summarizeTwitter,
  type EnhanceInput,
} from "@/lib/client/requests/ai";

/** TanStack Query over the AI calls (lib/client/requests/ai.ts), with their query keys. */

export { aiKeys };

/** Whether a model answers or the offline writer (templates) does; unknown while loading or on error. */
export function useAiStatus(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: aiKeys.status(),
    queryFn: () => getAiStatus(),
    staleTime: 5 * 60_000,
    retry: false,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/openai/chat/history: every chat with its messages, newest activity first. */
export function useChatHistory(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: aiKeys.history(), queryFn: () => getChatHistory(), enabled: options.enabled ?? true });
}

/** GET /api/post/{id}/chat: the editor conversation of a saved post; idle without an id. */
export function usePostChat(postId: string | null | undefined) {
  return useQuery({
    queryKey: aiKeys.postChat(postId ?? ""),
    queryFn: () => getPostChat(postId ?? ""),
    enabled: Boolean(postId),
    retry: false,
  });
}

export function useGeneratePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneratePostRequest) => generatePost(input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: aiKeys.history() }),
  });
}

export function useEnhancePost() {
  return useMutation({ mutationFn: (input: EnhanceInput) => enhancePost(input) });
}

export function useGenerateShareMessage() {
  return useMutation({ mutationFn: (postId: string) => generateShareMessage(postId) });
}

export function useSummarizeTwitter() {
  return useMutation({
    mutationFn: ({ postId, mode }: { postId: string; mode?: "summary" | "thread" }) => summarizeTwitter(postId, mode),
  });
}
