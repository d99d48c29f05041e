"use client";

import { LoadOnIntent } from "@/components/ui/load-on-intent";
import { CreatePostLink } from "./create-post-link";

const loadTooltip = () => import("./create-post-tooltip").then((module) => module.CreatePostTooltip);

/**
 * The top bar's Create Post link; its tooltip's code loads when the link is first pointed at or
 * focused (components/ui/load-on-intent.tsx). A press is the link's own: it is never held up.
 */
export function CreatePostButton() {
  return <LoadOnIntent load={loadTooltip} StandIn={CreatePostLink} props={{}} pressOpens={false} />;
}
