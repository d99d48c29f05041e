"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { network } from "@/lib/networks";
import { findRefusals } from "@/lib/posts/network-limits";
import type { ConnectablePlatform } from "@/lib/networks/platforms";
import type { SaveOverrides } from "./action-buttons";
import type { LimitFix } from "./limit-warning-dialog";
import type { PageOptionGroup } from "./page-options";

interface UseNetworkLimitsOptions {
  initialSummarize: boolean;
  content: string;
  /** The networks of the pages chosen under Post As. */
  platforms: readonly ConnectablePlatform[];
  options: readonly PageOptionGroup[];
  postPageIds: readonly string[];
  setPostPageIds: (ids: string[]) => void;
}

/**
 * The editor's 'Summarize for X' switch and the networks that would refuse the text (checked before
 * Publish Now and Schedule), with the fixes the warning offers.
 */
export function useNetworkLimits({
  initialSummarize,
  content,
  platforms,
  options,
  postPageIds,
  setPostPageIds,
}: UseNetworkLimitsOptions) {
  const [summarizeForTwitter, setSummarizeForTwitter] = useState(initialSummarize);
  // Checked on the text as it is now: a click right after typing must see the last keystroke.
  const refusals = useMemo(
    () => findRefusals(content, platforms, { summarizeForTwitter }),
    [content, platforms, summarizeForTwitter],
  );
  // The switch's hint may lag behind typing (X's weighted count parses the whole text).
  const deferred = useDeferredValue(content);
  // The chosen networks that take a summary of a text too long for them: X, for 'Summarize for X'.
  const summarizing = useMemo(() => platforms.filter((platform) => network(platform).summarizesLongText), [platforms]);
  const xChosen = summarizing.length > 0;
  const overOnX = useMemo(
    () => xChosen && findRefusals(deferred, summarizing, { summarizeForTwitter: false }).length > 0,
    [deferred, summarizing, xChosen],
  );

  function applyFix(fix: LimitFix): SaveOverrides {
    if (fix.kind === "summarize") {
      setSummarizeForTwitter(true);
      return { summarizeForTwitter: true };
    }
    const platformOf = new Map(options.flatMap((group) => group.pages.map((page) => [page.id, page.platform])));
    const next = postPageIds.filter((id) => platformOf.get(id) !== fix.platform);
    setPostPageIds(next);
    return { postPageIds: next };
  }

  return { summarizeForTwitter, setSummarizeForTwitter, refusals, xChosen, overOnX, applyFix };
}
