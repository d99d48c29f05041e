/**
 * Error codes a page keeps while pending again after an attempt. A page whose last attempt may
 * already be on the platform (its worker died, or the platform timed out or answered 5xx) is never
 * sent again without first looking for what that attempt sent.
 */
export const UNCERTAIN = "uncertain";
/**
 * The platform accepted the page's post (its id is in `acceptedMediaId`: a Facebook video) and is
 * still processing it: a later attempt looks at that id again and never sends anything.
 */
export const PROCESSING = "processing";
export const IN_DOUBT: readonly string[] = [UNCERTAIN, "transient", PROCESSING];

export const isInDoubt = (errorCode: string | null) => errorCode !== null && IN_DOUBT.includes(errorCode);

/**
 * A page whose outcome nothing could decide (the platform gave no usable answer and cannot be read
 * back): its status and error code until the owner says 'It went out' or 'Publish again'.
 */
export const NEEDS_CHECK = "needs_check" as const;
