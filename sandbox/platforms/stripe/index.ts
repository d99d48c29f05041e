import type { SandboxModule } from "../../router";
import { StripeError, stripeErrorResponse } from "./api";
import { renewDue } from "./billing";
import { registerStripeCatalog } from "./catalog";
import { registerStripeCheckout } from "./checkout";
import { registerStripeControl } from "./control";
import { registerStripePortal } from "./portal";
import { stripeState } from "./state";
import { registerStripeSubscriptions } from "./subscriptions";

/**
 * Stripe's REST API at the sandbox's root `/v1/*` (the `stripe` SDK takes host, port and protocol
 * but always calls /v1/…, so no path prefix is possible), its hosted Checkout and portal pages
 * under /stripe, signed webhooks to the endpoint set in /_control/stripe/webhook, and renewals
 * when the sandbox clock moves (POST /_control/clock): Stripe's test clock.
 */
export const stripe: SandboxModule = {
  name: "stripe",
  register(router, store) {
    store.register(stripeState);
    registerStripeCatalog(router);
    registerStripeCheckout(router);
    registerStripePortal(router);
    registerStripeSubscriptions(router);
    registerStripeControl(router);
    store.onClockAdvance(() => renewDue(store));
    // Last: anything else under /v1 gets Stripe's own "Unrecognized request URL" 404.
    for (const method of ["GET", "POST", "DELETE"])
      router.add(method, "/v1/:rest(.+)", (ctx) =>
        stripeErrorResponse(
          new StripeError(
            404,
            "invalid_request_error",
            `Unrecognized request URL (${ctx.method}: ${ctx.url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          ),
        ),
      );
  },
};
