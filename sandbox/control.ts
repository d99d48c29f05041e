import { z } from "zod";
import { registerMetricsControl } from "./metrics";
import { registerPublishControl } from "./publish-control";
import { publishState } from "./publish-state";
import { json } from "./responses";
import { registerRevocationControl } from "./revocations";
import type { SandboxModule } from "./router";

/**
 * Platform-independent test controls. Platform-specific ones (defining a Facebook user, expiring
 * a Page token) are registered by the platform under /_control/<platform>/.
 */

const clockSchema = z.union([
  z.object({ advanceSeconds: z.number().finite() }),
  z.object({ at: z.iso.datetime({ offset: true }) }),
]);

export const control: SandboxModule = {
  name: "control",
  register(router, store) {
    store.register(publishState);
    registerPublishControl(router);
    registerMetricsControl(router);
    registerRevocationControl(router, store);
    router
      .post("/_control/reset", () => {
        store.reset();
        return json(200, { reset: true });
      })
      .get("/_control/state", () => json(200, store.snapshot()))
      // Expiry is checked against the sandbox clock, so a test can age codes and tokens instantly;
      // `at` judges what depends on the calendar (a model's shutdown date) at a fixed instant.
      .post("/_control/clock", async (ctx) => {
        const parsed = clockSchema.safeParse(await ctx.json());
        if (!parsed.success)
          return json(400, {
            error: "invalid_request",
            message: 'Body must be {"advanceSeconds": number} or {"at": ISO 8601 date-time}',
          });
        if ("at" in parsed.data) store.setClock(Date.parse(parsed.data.at));
        else store.advanceClock(parsed.data.advanceSeconds);
        return json(200, { now: new Date(store.now()).toISOString(), offsetSeconds: store.clockOffsetSeconds });
      });
  },
};
