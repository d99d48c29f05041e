"use client";

import type { ReactElement } from "react";
import { LoadOnIntent, type IntentHandlers } from "@/components/ui/load-on-intent";
import { HintAnchor } from "./hint-anchor";

const loadTooltip = () => import("./disabled-hint-tooltip").then((module) => module.DisabledHintTooltip);

interface HintProps {
  hint: string;
  children: ReactElement;
}

function AnchorStandIn({ hint: _, children, ...handlers }: HintProps & IntentHandlers) {
  return <HintAnchor {...handlers}>{children}</HintAnchor>;
}

/**
 * Explains why a control is disabled, in a tooltip on a focusable wrapper; without a hint the child
 * is rendered alone. The tooltip's code (Radix's tooltip and its positioning, about 19 KiB
 * compressed) loads when the wrapper is first pointed at or focused (components/ui/load-on-intent.tsx).
 */
export function DisabledHint({ hint, children }: { hint: string | null | undefined; children: ReactElement }) {
  if (!hint) return children;
  return <LoadOnIntent load={loadTooltip} StandIn={AnchorStandIn} props={{ hint, children }} pressOpens={false} />;
}
