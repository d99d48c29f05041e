import { http, type HttpClient } from "@/lib/client/http";
import type { NotificationsResponse } from "@/lib/notifications/schemas";

/** The bell's calls: GET /api/notifications, POST /api/notifications/read. */

export async function listNotifications(client: HttpClient = http) {
  return (await client.get<NotificationsResponse>("/notifications")).data;
}

export function markNotificationsRead(ids?: string[], client: HttpClient = http) {
  return client.post<{ success: true }>("/notifications/read", ids ? { ids } : {});
}
