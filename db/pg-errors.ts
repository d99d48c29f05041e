/**
 * The SQLSTATE (or Node system error code) of a database error: on the error itself, or on its
 * `cause`, where Drizzle's DrizzleQueryError keeps the driver's error. Undefined for anything else.
 */
export function pgErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error && "cause" in error ? error.cause : undefined;
  for (const each of [error, cause]) {
    if (typeof each === "object" && each !== null && "code" in each && typeof each.code === "string") return each.code;
  }
  return undefined;
}

/** The SQLSTATEs the app tells apart (www.postgresql.org/docs/current/errcodes-appendix.html). */
export const PG_ERROR = {
  uniqueViolation: "23505",
  deadlockDetected: "40P01",
  lockNotAvailable: "55P03",
} as const;
