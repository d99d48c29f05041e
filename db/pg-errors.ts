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
  foreignKeyViolation: "23503",
  uniqueViolation: "23505",
  deadlockDetected: "40P01",
  lockNotAvailable: "55P03",
} as const;

/** Runs `statement` again, up to `attempts` times in all, while it fails with one of `codes`. */
export async function retryingOn<T>(codes: string[], statement: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if (!codes.includes(pgErrorCode(error) ?? "") || attempt >= attempts) throw error;
    }
  }
}
