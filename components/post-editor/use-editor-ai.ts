"use client";

import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { OFFLINE_EXPLANATION } from "@/components/ai/offline-notice";
import { AI_MESSAGES } from "@/lib/ai/constants";
import type { AiPlatform, GeneratePostResponse } from "@/lib/ai/schemas";
import { aiErrorMessage } from "@/lib/client/requests/ai";
import { useEnhancePost, useGenerateShareMessage } from "@/lib/client/hooks/ai";
import { SHARE_MESSAGE_MAX } from "@/lib/posts/constants";
import type { PostDto } from "@/lib/posts/schemas";
import type { SavedPost } from "./action-buttons";

interface EditorAiOptions {
  post?: PostDto;
  content: string;
  setContent: (content: string) => void;
  setShareContent: (message: string) => void;
  platform: AiPlatform;
  /** Saves the editor quietly (enhancing works on the saved post, so unsaved edits go first). */
  save: () => Promise<SavedPost | null>;
  focusEditor: () => void;
}

export interface EnhanceResult {
  original: string;
  enhanced: string;
  offline: boolean;
  /** The editor's text when the user asked: what 'Revert to Original' puts back. */
  before: string;
}

/** The editor's AI actions: the generator's result, Enhance with AI, the share-message suggestion. */
export function useEditorAi({
  post,
  content,
  setContent,
  setShareContent,
  platform,
  save,
  focusEditor,
}: EditorAiOptions) {
  // One AI chat per editor: the assistant panel and the generator both write to it, and a new
  // post is saved with it (chatHistoryId) so the conversation comes back with the post.
  const [chatId, setChatId] = useState<string | null>(post?.chatHistoryId ?? null);
  const [generatorOpen, setGeneratorOpen] = useState(false);
  const [comparison, setComparison] = useState<EnhanceResult | null>(null);
  const [preparing, setPreparing] = useState(false);
  const enhanceMutation = useEnhancePost();
  const shareMutation = useGenerateShareMessage();

  function onGenerated(result: GeneratePostResponse) {
    setContent(result.content);
    if (result.chatId) setChatId(result.chatId);
    setGeneratorOpen(false);
    setComparison(null);
    toast.success("Post generated. Review it, then save it as a draft.", {
      description: result.offline ? OFFLINE_EXPLANATION : undefined,
    });
    focusEditor();
  }

  async function enhance() {
    if (!post) return;
    const before = content;
    if (post.status !== "published" && content !== post.content) {
      setPreparing(true);
      const saved = await save();
      setPreparing(false);
      if (!saved) return;
    }
    try {
      const result = await enhanceMutation.mutateAsync({ postId: post.id, platform });
      setComparison({
        original: result.originalContent,
        enhanced: result.enhancedContent,
        offline: result.offline,
        before,
      });
    } catch (error) {
      toast.error(aiErrorMessage(error));
    }
  }

  function keepEnhanced() {
    if (!comparison) return;
    setContent(comparison.enhanced);
    setComparison(null);
    toast.success("Enhanced text added to the editor. Click Update Draft to save it.");
    focusEditor();
  }

  function revertToOriginal() {
    if (!comparison) return;
    setContent(comparison.before);
    setComparison(null);
    focusEditor();
  }

  async function suggestShareMessage() {
    if (!post) return;
    try {
      const result = await shareMutation.mutateAsync(post.id);
      setShareContent(result.shareMessage.slice(0, SHARE_MESSAGE_MAX));
      if (result.usedFallback) toast.warning(result.warning || AI_MESSAGES.shareFallback);
      else toast.success("AI suggestion added to the share message");
    } catch (error) {
      toast.error(aiErrorMessage(error));
    }
  }

  /** An answer from the assistant panel goes under what is already written. */
  function insert(text: string) {
    setContent(content.trim() ? `${content.trimEnd()}\n\n${text}` : text);
    toast.success("Added to the post");
    focusEditor();
  }

  return {
    chatId,
    setChatId,
    generatorOpen,
    setGeneratorOpen,
    onGenerated,
    enhance: () => void enhance(),
    enhancing: preparing || enhanceMutation.isPending,
    comparison,
    keepEnhanced,
    revertToOriginal,
    suggestShareMessage: () => void suggestShareMessage(),
    suggesting: shareMutation.isPending,
    insert,
  };
}
