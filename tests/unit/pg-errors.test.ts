import { describe, expect, it } from "vitest";
import { PG_ERROR, pgErrorCode, retryingOn } from "@/db/pg-errors";

describe("pgErrorCode", () => {
  it("reads the driver's code on the error itself", () => {
    expect(pgErrorCode(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(PG_ERROR.uniqueViolation);
  });

  it("reads it on the cause, where Drizzle's query error keeps the driver's", () => {
    const driverError = Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" });
    expect(pgErrorCode(new Error("Failed query: update ...", { cause: driverError }))).toBe(PG_ERROR.lockNotAvailable);
  });

  it("is undefined for errors without a string code", () => {
    expect(pgErrorCode(new Error("plain"))).toBeUndefined();
    expect(pgErrorCode(Object.assign(new Error("numeric"), { code: 190 }))).toBeUndefined();
    expect(pgErrorCode("23505")).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });
});

describe("retryingOn", () => {
  const failing = (codes: string[]) => {
    let calls = 0;
    const statement = async () => {
      const code = codes[calls++];
      if (code) throw Object.assign(new Error(`failed with ${code}`), { code });
      return calls;
    };
    return { statement, calls: () => calls };
  };

  it("runs a statement again while it fails with a named code, up to the attempts given", async () => {
    expect(await retryingOn([PG_ERROR.deadlockDetected], failing(["40P01", "40P01"]).statement)).toBe(3);
    await expect(
      retryingOn([PG_ERROR.deadlockDetected], failing(["40P01", "40P01", "40P01"]).statement),
    ).rejects.toThrow("failed with 40P01");
  });

  it("throws any other error at once", async () => {
    const { statement, calls } = failing(["23505"]);
    await expect(retryingOn([PG_ERROR.deadlockDetected], statement)).rejects.toThrow("failed with 23505");
    expect(calls()).toBe(1);
  });
});
