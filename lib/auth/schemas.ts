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
}
