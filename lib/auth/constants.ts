/**
 * The password-reset messages (the spec's wording): plain values, no zod, so the sign-in pages do
 * not ship the validation library in their first load. Re-exported by
 * lib/auth/schemas.ts.
 */

/** What 'Forgot your password?' answers, whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED =
  "If an account exists for that email, we have sent it a link to reset the password. The link is valid for one hour.";
export const PASSWORD_RESET_LINK_INVALID = "This password reset link has expired or has already been used.";
export const PASSWORD_RESET_DONE = "Your password has been changed. Sign in with your new password.";
