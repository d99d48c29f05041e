import { escapeHtml, html, redirect, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { allowOnly, invalid, requiredStr, str, stripeRoute } from "./api";
import { utcDay } from "./billing";
import { findCustomer } from "./catalog";
import { isUrl } from "./checkout";
import { newPortalSession } from "./objects";
import { stripeId, stripeNow, stripeState, type StripePortalSession, type StripeSubscription } from "./state";
import { scheduleCancellation } from "./subscriptions";
import { emit } from "./webhooks";

/**
 * The customer portal: `POST /v1/billing_portal/sessions` and the page its `url` opens, with the
 * card, the invoices and each subscription's cancellation as the default portal configuration has
 * it (`features.subscription_cancel.mode = at_period_end`): the customer schedules the end of the
 * plan and can undo it ("Renew subscription") until then. How it is recorded depends on the
 * subscription's billing mode (docs.stripe.com/billing/subscriptions/billing-mode/compare): classic
 * sets `cancel_at_period_end`, flexible sets `cancel_at` to the period's end and leaves
 * `cancel_at_period_end` false. Either way Stripe sends `customer.subscription.updated` with
 * `previous_attributes`, as for the same change made through the API.
 */

/** The account's one portal configuration (Stripe makes a default one per account). */
const PORTAL_CONFIGURATION = "bpc_sandbox_default";

const notFound = () => html(404, "<!doctype html><html><body><h1>Portal session not found</h1></body></html>");

const scheduled = (sub: StripeSubscription) => sub.cancel_at !== null || sub.cancel_at_period_end;
const cancellable = (sub: StripeSubscription) => sub.status === "active" || sub.status === "trialing";

function subscriptionRow(portal: StripePortalSession, sub: StripeSubscription): string {
  const base = `/stripe/billing_portal/${portal.id}`;
  const id = escapeHtml(sub.id);
  const action = !cancellable(sub)
    ? ""
    : scheduled(sub)
      ? `<span class="portal-ends">Cancels on ${escapeHtml(utcDay(sub.cancel_at ?? 0))}</span>
<form method="post" action="${base}/renew"><input type="hidden" name="subscription" value="${id}"><button type="submit" id="portal-renew-${id}">Renew subscription</button></form>`
      : `<form method="post" action="${base}/cancel"><input type="hidden" name="subscription" value="${id}"><button type="submit" id="portal-cancel-${id}">Cancel subscription</button></form>`;
  return `<li>${id}: ${escapeHtml(sub.status)} ${action}</li>`;
}

function portalFor(ctx: RequestContext): StripePortalSession | undefined {
  return ctx.store.slice(stripeState).portals.get(ctx.params.id ?? "");
}

function portalPage(ctx: RequestContext, error?: string): SandboxResponse {
  const state = ctx.store.slice(stripeState);
  const portal = portalFor(ctx);
  if (!portal) return notFound();
  const subs = [...state.subscriptions.values()].filter((sub) => sub.customer === portal.customer);
  const invoices = [...state.invoices.values()].filter((entry) => entry.customer === portal.customer);
  const card = state.cards.get(portal.customer);
  return html(
    error ? 400 : 200,
    `<!doctype html><html><head><title>Billing portal (sandbox)</title></head><body>
<h1>Billing portal</h1>
${error ? `<p role="alert" id="portal-error">${escapeHtml(error)}</p>` : ""}
<p id="portal-card">${card ? `Card ending ${escapeHtml(card.last4)}` : "No card on file"}</p>
<ul id="portal-subscriptions">${subs.map((sub) => subscriptionRow(portal, sub)).join("")}</ul>
<ul id="portal-invoices">${invoices.map((entry) => `<li>${escapeHtml(entry.id)}: ${entry.total} ${escapeHtml(entry.currency)} ${escapeHtml(entry.status)}</li>`).join("")}</ul>
<a id="portal-return" href="${escapeHtml(portal.return_url ?? "#")}">Return</a>
</body></html>`,
  );
}

/** Schedules (`cancel`) or undoes (`renew`) the end of one of the portal customer's subscriptions. */
async function changeCancellation(ctx: RequestContext, cancel: boolean): Promise<SandboxResponse> {
  const portal = portalFor(ctx);
  if (!portal) return notFound();
  const state = ctx.store.slice(stripeState);
  const sub = state.subscriptions.get((await ctx.form()).get("subscription") ?? "");
  // Another customer's subscription is not in this portal: answered as a missing one.
  if (!sub || sub.customer !== portal.customer) return portalPage(ctx, "This subscription is not in your portal.");
  if (!cancellable(sub)) return portalPage(ctx, "This subscription can no longer be changed.");
  if (scheduled(sub) === cancel)
    return portalPage(
      ctx,
      cancel ? "This subscription is already set to cancel." : "This subscription is not set to cancel.",
    );
  const now = stripeNow(ctx.store);
  const periodEnd = Math.min(...sub.items.data.map((item) => item.current_period_end));
  const flexible = sub.billing_mode.type === "flexible";
  const change = !cancel
    ? { atPeriodEnd: false, cancelAt: null }
    : flexible
      ? { atPeriodEnd: false, cancelAt: periodEnd }
      : { atPeriodEnd: true, cancelAt: periodEnd };
  const previous = scheduleCancellation(sub, change, now);
  emit(ctx.store, [{ type: "customer.subscription.updated", object: sub, previous }]);
  return redirect(`/stripe/billing_portal/${portal.id}`);
}

export function registerStripePortal(router: Router): void {
  router
    .post(
      "/v1/billing_portal/sessions",
      stripeRoute((ctx, params) => {
        allowOnly(params, ["customer", "return_url"]);
        const state = ctx.store.slice(stripeState);
        const customer = findCustomer(state, str(params, "customer") ?? requiredStr(params, "customer"), "customer");
        const returnUrl = str(params, "return_url") || null;
        if (returnUrl && !isUrl(returnUrl)) throw invalid("return_url", "Not a valid URL");
        const id = stripeId("bps", 24);
        const portal = newPortalSession({
          id,
          configuration: PORTAL_CONFIGURATION,
          created: stripeNow(ctx.store),
          customer: customer.id,
          return_url: returnUrl,
          url: `${ctx.baseUrl}/stripe/billing_portal/${id}`,
        });
        state.portals.set(id, portal);
        return portal;
      }),
    )
    .get("/stripe/billing_portal/:id", (ctx) => portalPage(ctx))
    .post("/stripe/billing_portal/:id/cancel", (ctx) => changeCancellation(ctx, true))
    .post("/stripe/billing_portal/:id/renew", (ctx) => changeCancellation(ctx, false));
}
