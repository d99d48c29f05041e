/**
 * Error codes a page keeps while pending again after an attempt. A page whose last attempt may
 * already be on the platform (its worker died, or the platform timed out or answered 5xx) is never
 * sent again without first looking for what that attempt sent.
 */
export const UNCERTAIN = "uncertain";
export const IN_DOUBT: readonly string[] = [UNCERTAIN, "transient"];

export const isInDoubt = (errorCode: string | null) => errorCode !== null && IN_DOUBT.includes(errorCode);
