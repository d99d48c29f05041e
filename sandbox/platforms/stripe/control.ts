import { z } from "zod";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { stripeId, stripeState, webhookEndpoint, type WebhookFaultKind } from "./state";

/**
 * Test controls under /_control/stripe: the webhook endpoint (URL, signing secret, retry pace),
 * delivery faults, the delivery log, and a customer's card (to make the next renewal fail).
 */

const webhookSchema = z.object({
  url: z.string().url().nullable().optional(),
  secret: z.string().startsWith("whsec_", "secret must start with whsec_").optional(),
  /** The endpoint's api_version (Stripe's format, e.g. 2026-10-28.endive): the version its events are labelled with. */
  apiVersion: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/, "apiVersion must look like 2026-10-28.endive")
    .optional(),
  maxAttempts: z.number().int().min(1).max(10).optional(),
  retryDelayMs: z.number().int().nonnegative().optional(),
  timeoutMs: z.number().int().positive().optional(),
});

const FAULT_KINDS: [WebhookFaultKind, ...WebhookFaultKind[]] = ["duplicate", "out_of_order", "delay", "fail"];

const faultSchema = z.object({
  kind: z.enum(FAULT_KINDS),
  times: z
    .number()
    .int()
    .refine((n) => n === -1 || n > 0, "times must be a positive number or -1 (until cleared)")
    .optional(),
  types: z.array(z.string().min(1)).min(1).optional(),
  delayMs: z.number().int().nonnegative().optional(),
});

const cardSchema = z.object({ card: z.enum(["success", "decline"]) });

function invalid(error: z.ZodError): SandboxResponse {
  const issue = error.issues[0];
  const message = issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid body";
  return json(400, { error: "invalid_request", message });
}

async function setWebhook(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = webhookSchema.safeParse(await ctx.json());
  if (!parsed.success) return invalid(parsed.error);
  const pacing = ctx.store.slice(stripeState).webhook;
  const endpoint = webhookEndpoint(ctx.store);
  const { url, secret, apiVersion, ...rest } = parsed.data;
  if (url !== undefined) endpoint.url = url;
  if (secret !== undefined) endpoint.secret = secret;
  if (apiVersion !== undefined) endpoint.apiVersion = apiVersion;
  Object.assign(pacing, Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)));
  return json(200, { ...endpoint, ...pacing });
}

async function addFault(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = faultSchema.safeParse(await ctx.json());
  if (!parsed.success) return invalid(parsed.error);
  if (parsed.data.kind === "delay" && !parsed.data.delayMs)
    return json(400, { error: "invalid_request", message: "delayMs: a delay fault needs delayMs > 0" });
  const state = ctx.store.slice(stripeState);
  const fault = {
    id: state.nextFaultId++,
    kind: parsed.data.kind,
    remaining: parsed.data.times ?? 1,
    types: parsed.data.types ?? null,
    delayMs: parsed.data.delayMs ?? 0,
  };
  state.faults.push(fault);
  return json(201, { fault });
}

async function setCard(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = cardSchema.safeParse(await ctx.json());
  if (!parsed.success) return invalid(parsed.error);
  const state = ctx.store.slice(stripeState);
  const id = ctx.params.id ?? "";
  const customer = state.customers.get(id);
  if (!customer) return json(404, { error: "not_found", message: `No Stripe customer ${id}` });
  // A new card, as if the customer replaced it in the portal: 4000 0000 0000 0341 attaches and then declines.
  const paymentMethod = stripeId("pm");
  const last4 = parsed.data.card === "decline" ? "0341" : "4242";
  state.cards.set(id, { paymentMethod, behaviour: parsed.data.card, last4 });
  customer.invoice_settings.default_payment_method = paymentMethod;
  return json(200, { customer: id, card: parsed.data.card, paymentMethod });
}

export function registerStripeControl(router: Router): void {
  router
    .get("/_control/stripe/webhook", (ctx) =>
      json(200, { ...webhookEndpoint(ctx.store), ...ctx.store.slice(stripeState).webhook }),
    )
    .post("/_control/stripe/webhook", setWebhook)
    .post("/_control/stripe/webhook/faults", addFault)
    .delete("/_control/stripe/webhook/faults", (ctx) => {
      ctx.store.slice(stripeState).faults = [];
      return json(200, { cleared: true });
    })
    .get("/_control/stripe/webhook/deliveries", (ctx) =>
      json(200, { deliveries: ctx.store.slice(stripeState).deliveries }),
    )
    .get("/_control/stripe/events", (ctx) => json(200, { events: ctx.store.slice(stripeState).events }))
    .post("/_control/stripe/customers/:id/card", setCard);
}
