import type { ComponentProps } from "react";

/**
 * What a disabled control's hint hangs on: a disabled button gets no pointer or focus events, so a
 * focusable wrapper takes them (disabled-hint.tsx).
 */
export function HintAnchor(props: ComponentProps<"span">) {
  return (
    <span
      tabIndex={0}
      className="focus-visible:ring-ring/60 inline-flex rounded-md outline-none focus-visible:ring-[3px]"
      {...props}
    />
  );
}
