"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** How much of a chart's box must be on screen before it is drawn without the reader doing anything. */
const IN_VIEW = 0.25;
/** What tells that the reader is moving about the page, so the charts below may be wanted soon. */
const ENGAGED = ["scroll", "pointerdown", "keydown"] as const;

/**
 * A chart's box, its height fixed by `className`: a placeholder until a quarter of it is on screen
 * or the reader first scrolls, touches or types, then `children` (a chart whose library loads on
 * first use). On a phone the analytics charts start where the first screen ends: the page is usable
 * without recharts (about 110 KiB and 160-190 ms of evaluation at 4x CPU slowdown) and fetches it
 * once the reader moves, before the charts come into view. Decorative: the figures are in the
 * tables and lists beside each chart.
 */
export function DrawnWhenNear({
  className,
  testId,
  children,
}: {
  className: string;
  testId: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const draw = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) draw();
      },
      { threshold: IN_VIEW },
    );
    observer.observe(element);
    for (const event of ENGAGED) window.addEventListener(event, draw, { passive: true, once: true });
    return () => {
      observer.disconnect();
      for (const event of ENGAGED) window.removeEventListener(event, draw);
    };
  }, [near]);

  return (
    <div ref={box} className={cn("w-full", className)} aria-hidden="true" data-testid={testId}>
      {near ? children : <Skeleton className="size-full" />}
    </div>
  );
}
