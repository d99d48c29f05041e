"use client";

import dynamic from "next/dynamic";

/**
 * The Connect Social Account dialog as a chunk of its own, loaded when first opened (render it once
 * it has been: `useOpenedOnce`). With Radix's dialog, focus trap and scroll lock it was about 13 KiB
 * of the dashboard's and Settings' first loads.
 */
export const LazyConnectAccountDialog = dynamic(
  () => import("./connect-account-dialog").then((module) => module.ConnectAccountDialog),
  { ssr: false },
);
