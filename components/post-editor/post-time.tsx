"use client";

import { formatInZone } from "@/lib/format";
import { useSession } from "@/lib/client/session";

/** A post's time in the workspace's time zone, named, as the schedule keeps it. */
export function PostTime({ iso }: { iso: string }) {
  const { session } = useSession();
  const timeZone = session.data?.workspace.timeZone ?? "UTC";
  const text = formatInZone(iso, timeZone);
  return <time dateTime={iso}>{text}</time>;
}
