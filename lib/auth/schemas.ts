import { z } from "zod";

/** Shared by the login/register forms and the /api/auth handlers: one wording for every rule. */

export const PASSWORD_MIN_LENGTH = 6;
const PASSWORD_MAX_LENGTH = 200;

const text = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .max(max, { error: `${label} is too long (maximum ${max} characters)` });

const email = text("Email", 254)
  .trim()
  .toLowerCase()
  .min(1, { error: "Email is required" })
  .pipe(z.email({ error: "Please enter a valid email address" }));
/** An e-mail address as accounts store it (trimmed, lower-cased): invitations name people by it. */
export { email as emailSchema };

export const loginSchema = z.object({
  email,
  password: text("Password", PASSWORD_MAX_LENGTH).min(1, { error: "Password is required" }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: text("Full name", 100).trim().min(1, { error: "Full name is required" }),
    email,
    password: text("Password", PASSWORD_MAX_LENGTH)
      .min(1, { error: "Password is required" })
      .min(PASSWORD_MIN_LENGTH, { error: "Password must be at least 6 characters" }),
    password2: text("Confirm password", PASSWORD_MAX_LENGTH).min(1, { error: "Please confirm your password" }),
  })
  .refine((input) => input.password === input.password2, { error: "Passwords do not match", path: ["password2"] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const oauthUrlQuerySchema = z.object({
  intent: z
    .enum(["login", "signup", "connect"], { error: "intent must be login, signup or connect" })
    .default("connect"),
});

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  createdAt: string;
  /** The IANA zone the user's analytics days are counted in (Settings › Preferences). */
  timeZone: string;
}

const newPassword = (label: string) =>
  text(label, PASSWORD_MAX_LENGTH)
    .min(1, { error: `${label} is required` })
    .min(PASSWORD_MIN_LENGTH, { error: "Password must be at least 6 characters" });

/** Settings › Security: the signed-in user changes their password (their other sessions end). */
export const changePasswordSchema = z
  .object({
    currentPassword: text("Current password", PASSWORD_MAX_LENGTH).min(1, { error: "Current password is required" }),
    newPassword: newPassword("New password"),
    confirmPassword: text("Confirm new password", PASSWORD_MAX_LENGTH).min(1, {
      error: "Please confirm your new password",
    }),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    error: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** 'Forgot your password?': the address a reset link is sent to (if it has an account). */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** The reset link's token and the new password. */
export const passwordResetSchema = z
  .object({
    token: text("Reset token", 200).min(1, { error: "This password reset link is incomplete." }),
    password: newPassword("New password"),
    password2: text("Confirm password", PASSWORD_MAX_LENGTH).min(1, { error: "Please confirm your password" }),
  })
  .refine((input) => input.password === input.password2, { error: "Passwords do not match", path: ["password2"] });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export { PASSWORD_RESET_DONE, PASSWORD_RESET_LINK_INVALID, PASSWORD_RESET_REQUESTED } from "./constants";

/**
 * Settings › Profile: name and/or e-mail. A new e-mail on an account with a password needs that
 * password again (a borrowed, signed-in laptop must not be enough to take the account over).
 */
export const updateProfileSchema = z
  .object({
    name: text("Full name", 100).trim().min(1, { error: "Full name is required" }).optional(),
    email: email.optional(),
    currentPassword: text("Current password", PASSWORD_MAX_LENGTH).optional(),
  })
  .strict()
  .refine((input) => input.name !== undefined || input.email !== undefined, {
    error: "Nothing to change: send a name or an email",
  });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The word that confirms an account deletion, besides the account's own e-mail address. */
export const DELETE_ACCOUNT_WORD = "DELETE";

/** Settings › Profile › Delete account: the user types their e-mail (or DELETE) to confirm. */
export const deleteAccountSchema = z
  .object({
    confirmation: text("Confirmation", 254)
      .trim()
      .min(1, { error: `Type your email address or ${DELETE_ACCOUNT_WORD} to confirm` }),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const PROFILE_MESSAGES = {
  updated: "Profile updated",
  passwordRequired: "Enter your current password to change your email address",
  wrongPassword: "Current password is incorrect",
  emailTaken: "An account with this email already exists",
  confirmationMismatch: `The confirmation does not match. Type your email address or ${DELETE_ACCOUNT_WORD} exactly.`,
  deleted: "Your account and all of its data have been deleted.",
} as const;
