import type { z } from "zod";
import { badRequest } from "@/lib/server/api/errors";
import { getPostOrThrow } from "@/lib/posts/server/queries";
import type { PostDto } from "@/lib/posts/schemas";
import { runAi } from "./completion";
import { fitToPlatform } from "./fit-text";
import { offlineEnhancePost } from "./offline";
import { answerTokensFor, cleanAnswer, enhanceMessages } from "./prompts";
import {
  AI_MESSAGES,
  aiPlatforms,
  type AiPlatform,
  type EnhanceResponse,
  type enhanceRequestSchema,
} from "@/lib/ai/schemas";

/** 'Enhance with AI': a rewrite of a saved post, for the editor's Original/Enhanced comparison. Saves nothing. */

export type EnhanceInput = z.output<typeof enhanceRequestSchema>;

/** The post's one network when it goes to exactly one, else general. */
export function platformOfPost(post: Pick<PostDto, "platform">): AiPlatform {
  const platform = post.platform as string | null;
  return platform && (aiPlatforms as readonly string[]).includes(platform) ? (platform as AiPlatform) : "general";
}

export async function enhancePost(
  workspaceId: string,
  postId: string,
  input: EnhanceInput,
): Promise<Omit<EnhanceResponse, "success">> {
  const post = await getPostOrThrow(workspaceId, postId);
  if (!post.content.trim()) throw badRequest(AI_MESSAGES.enhanceNeedsContent, "post_content_required");
  const platform = input.platform ?? platformOfPost(post);
  const answer = await runAi({
    workspaceId,
    operation: "enhance",
    messages: enhanceMessages(post.content, input.enhancePrompt, platform),
    maxTokens: answerTokensFor(post.content),
    offline: () => offlineEnhancePost(post.content, input.enhancePrompt, platform),
  });
  return {
    originalContent: post.content,
    enhancedContent: fitToPlatform(cleanAnswer(answer.text), platform),
    offline: answer.offline,
  };
}
