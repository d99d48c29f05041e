import type { DataResponse } from "@/lib/api-response";
import { http, type HttpClient } from "@/lib/client/http";
import type {
  CancelSubscriptionInput,
  ChangeTierInput,
  ChangeTierResult,
  PortalSessionResult,
  SubscriptionChangeResult,
  SubscriptionDashboard,
  SubscriptionSummary,
  UsageHistoryItem,
} from "@/lib/billing/schemas";

/** The browser's calls to /api/subscription (spec section 7, "Subscription"); answers are in `data`. */

export async function getSubscriptionDashboard(client: HttpClient = http): Promise<SubscriptionDashboard> {
  return (await client.get<DataResponse<SubscriptionDashboard>>("/subscription/dashboard")).data;
}

export async function getCurrentSubscription(client: HttpClient = http): Promise<SubscriptionSummary> {
  return (await client.get<DataResponse<SubscriptionSummary>>("/subscription/current")).data;
}

/** The billing page asks for the last 6 periods (spec section 9). */
export async function getUsageHistory(limit = 6, client: HttpClient = http): Promise<UsageHistoryItem[]> {
  const response = await client.get<DataResponse<UsageHistoryItem[]>>("/subscription/usage/history", {
    query: { limit },
  });
  return response.data ?? [];
}

export async function changeTier(input: ChangeTierInput, client: HttpClient = http): Promise<ChangeTierResult> {
  return (await client.post<DataResponse<ChangeTierResult>>("/subscription/change-tier", input)).data;
}

export async function cancelSubscription(
  input: CancelSubscriptionInput,
  client: HttpClient = http,
): Promise<SubscriptionChangeResult> {
  return (await client.post<DataResponse<SubscriptionChangeResult>>("/subscription/cancel", input)).data;
}

export async function reactivateSubscription(client: HttpClient = http): Promise<SubscriptionChangeResult> {
  return (await client.post<DataResponse<SubscriptionChangeResult>>("/subscription/reactivate", {})).data;
}

/** Back from Checkout: the server reads the session from Stripe and applies it when paid. */
export async function confirmCheckout(sessionId: string, client: HttpClient = http): Promise<SubscriptionSummary> {
  return (await client.post<DataResponse<SubscriptionSummary>>("/subscription/checkout/confirm", { sessionId })).data;
}

/** A Stripe customer portal session (cards, invoices); the browser goes to its `url`. */
export async function createPortalSession(client: HttpClient = http): Promise<PortalSessionResult> {
  return (await client.post<DataResponse<PortalSessionResult>>("/subscription/portal", {})).data;
}
