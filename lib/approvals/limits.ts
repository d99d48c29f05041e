/** Limits of the approval contract, without zod (the editor reads them). */
export const APPROVAL_COMMENT_MAX = 2000;
