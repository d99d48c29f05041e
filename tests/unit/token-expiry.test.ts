import { describe, expect, it } from "vitest";
import { tokenExpiresIn } from "@/components/settings/account-status";

const now = new Date("2026-03-10T12:00:00Z");
const account = (hoursLeft: number, soon = true) => ({
  hasValidToken: true,
  tokenExpiresSoon: soon,
  tokenExpiry: new Date(now.getTime() + hoursLeft * 3600_000).toISOString(),
});

describe("tokenExpiresIn", () => {
  it("counts whole days, and hours on the last day", () => {
    expect(tokenExpiresIn(account(5 * 24 - 0.01), now)).toBe("Expires in 5 days");
    expect(tokenExpiresIn(account(24), now)).toBe("Expires in 1 day");
    expect(tokenExpiresIn(account(5), now)).toBe("Expires in 5 hours");
    expect(tokenExpiresIn(account(0.5), now)).toBe("Expires in 1 hour");
  });

  it("says nothing unless the API flags the token as expiring soon, or once it has expired", () => {
    expect(tokenExpiresIn(account(30 * 24, false), now)).toBeNull();
    expect(tokenExpiresIn(account(-1), now)).toBeNull();
    expect(tokenExpiresIn({ ...account(48), hasValidToken: false }, now)).toBeNull();
    expect(tokenExpiresIn({ ...account(48), tokenExpiry: null }, now)).toBeNull();
  });
});
