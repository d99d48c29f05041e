import { createHmac } from "node:crypto";
import type Stripe from "stripe";
import type { SandboxStore } from "../../state";
import {
  DEFAULT_API_VERSION,
  stripeId,
  stripeNow,
  stripeState,
  webhookEndpoint,
  type StripeEvent,
  type WebhookFault,
} from "./state";

/**
 * Events and their signed delivery to the one webhook endpoint the sandbox knows. Stripe signs
 * `${t}.${payload}` with HMAC-SHA256 under the endpoint's secret and sends
 * `Stripe-Signature: t=<unix seconds>,v1=<hex>`; anything but a 2xx is retried with growing waits.
 * The faults tests set (duplicate, out of order, delayed, failed attempts) act here.
 */

/** Events are recorded in the account's default version; each delivery is labelled with its endpoint's. */
export const STRIPE_API_VERSION = DEFAULT_API_VERSION;

export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Records an event (GET /v1/events lists it) without sending it: use `emit` for one batch. */
function makeEvent(
  store: SandboxStore,
  type: Stripe.Event.Type,
  object: object,
  previous?: Record<string, unknown>,
): StripeEvent {
  const event: StripeEvent = {
    id: stripeId("evt"),
    object: "event",
    api_version: STRIPE_API_VERSION,
    created: stripeNow(store),
    type,
    // A snapshot: later changes to the object do not rewrite an event already sent.
    data: previous
      ? { object: structuredClone(object), previous_attributes: previous }
      : { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  store.slice(stripeState).events.push(event);
  return event;
}

export interface EventInput {
  type: Stripe.Event.Type;
  object: object;
  previous?: Record<string, unknown>;
}

/**
 * Records the events one change caused, in order, and delivers them one after another in the
 * background. An `out_of_order` fault sends its event after the rest of the batch.
 */
export function emit(store: SandboxStore, inputs: EventInput[]): StripeEvent[] {
  const events = inputs.map((input) => makeEvent(store, input.type, input.object, input.previous));
  if (!webhookEndpoint(store).url) return events;
  const plan: { event: StripeEvent; copies: number; delayMs: number; failAttempts: number }[] = [];
  const heldBack: typeof plan = [];
  for (const event of events) {
    const entry = { event, copies: 1, delayMs: 0, failAttempts: 0 };
    let late = false;
    for (const fault of takeFaults(store, event.type)) {
      if (fault.kind === "duplicate") entry.copies += 1;
      if (fault.kind === "delay") entry.delayMs += fault.delayMs;
      if (fault.kind === "fail") entry.failAttempts += 1;
      if (fault.kind === "out_of_order") late = true;
    }
    (late ? heldBack : plan).push(entry);
  }
  void (async () => {
    for (const entry of [...plan, ...heldBack]) {
      if (entry.delayMs > 0) await sleep(entry.delayMs);
      for (let copy = 0; copy < entry.copies; copy += 1) await deliver(store, entry.event, entry.failAttempts);
    }
  })();
  return events;
}

/** Each matching fault is used once per event (a fault with remaining -1 stays until cleared). */
function takeFaults(store: SandboxStore, type: string): WebhookFault[] {
  const state = store.slice(stripeState);
  const hit = state.faults.filter((fault) => fault.types === null || fault.types.includes(type));
  for (const fault of hit) if (fault.remaining > 0) fault.remaining -= 1;
  state.faults = state.faults.filter((fault) => fault.remaining !== 0);
  return hit;
}

async function deliver(store: SandboxStore, event: StripeEvent, failAttempts: number): Promise<void> {
  const state = store.slice(stripeState);
  const { maxAttempts, retryDelayMs, timeoutMs } = state.webhook;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    if (attempt > 1) await sleep(retryDelayMs * 2 ** (attempt - 2));
    // /_control/reset forgets the events not yet delivered, as it forgets everything else.
    if (store.slice(stripeState) !== state) return;
    const { url, secret, apiVersion } = webhookEndpoint(store);
    if (!url) return;
    const record = { eventId: event.id, type: event.type, attempt, at: new Date(store.now()).toISOString() };
    if (attempt <= failAttempts) {
      state.deliveries.push({ ...record, status: null, ok: false, error: "failed on purpose (fault)" });
      continue;
    }
    // Stripe renders an event in the API version of the endpoint it is sent to
    // (docs.stripe.com/webhooks/versioning); sent pretty-printed, the signature covers these bytes.
    const payload = JSON.stringify({ ...event, api_version: apiVersion }, null, 2);
    // Signed with the wall clock, not the sandbox clock: receivers check `t` against their own time
    // (the SDK's 300 s tolerance), and Stripe's test clocks do not change when events are sent either.
    const signature = signPayload(payload, secret, Math.floor(Date.now() / 1000));
    try {
      const answer = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signature,
        },
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await answer.arrayBuffer();
      const ok = answer.status >= 200 && answer.status < 300;
      state.deliveries.push({ ...record, status: answer.status, ok, error: null });
      if (ok) return;
    } catch (error) {
      state.deliveries.push({ ...record, status: null, ok: false, error: String(error) });
    }
  }
}

/** Unref'd: deliveries still waiting never keep a closing sandbox's process alive. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
