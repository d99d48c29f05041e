"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PREFILLED_FRESH_MS } from "@/lib/client/prefilled-state";
import { listNotifications, markNotificationsRead } from "@/lib/client/requests/notifications";
import { notificationKeys } from "@/lib/notifications/query-keys";

export { notificationKeys };

const REFRESH_MS = 60_000;

/**
 * The bell's notifications: they come with the page (the signed-in layout), and are looked at again
 * every minute and when the window regains focus.
 */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => listNotifications(),
    staleTime: PREFILLED_FRESH_MS,
    refetchInterval: REFRESH_MS,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => markNotificationsRead(ids),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}
