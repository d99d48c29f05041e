import { describe, expect, it } from "vitest";
import { PG_ERROR, pgErrorCode } from "@/db/pg-errors";

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
