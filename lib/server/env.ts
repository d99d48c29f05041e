import { z } from "zod";
import { DEFAULT_GRAPH_VERSION } from "../networks/facebook/server/versions";
import { DEFAULT_LINKEDIN_VERSION } from "../networks/linkedin/server/versions";
import { connectablePlatforms } from "../networks/platforms";

/**
 * The one place that reads process.env. Every variable is validated at start-up; a bad or missing
 * one stops the process with a message naming it. `.env.example` documents each variable.
 */

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const urlWithDefault = (fallback: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? fallback : value))
    .pipe(z.url({ message: "must be a URL" }))
    .default(fallback);

const base64Key = z
  .string()
  .trim()
  .refine((value) => Buffer.from(value, "base64").length === 32, {
    message: "must be 32 bytes encoded in base64 (openssl rand -base64 32)",
  });

const RATE_LIMIT_ENTRY = String.raw`(${connectablePlatforms.join("|")})(=none|(:(post|media|lookup))?=\d+/\d+(ms|s|m|h|d))`;
const RATE_LIMITS_FORMAT = new RegExp(String.raw`^${RATE_LIMIT_ENTRY}(\s*,\s*${RATE_LIMIT_ENTRY})*$`);

/** X API plans: pay-per-use is the default for every new app since 6 Feb 2026 (docs.x.com changelog). */
export const twitterApiTiers = ["payg", "free", "basic", "pro", "enterprise"] as const;
export type TwitterApiTier = (typeof twitterApiTiers)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  APP_URL: urlWithDefault("http://localhost:3000").refine(
    (url) => !/^https?:\/\/(127\.\d+\.\d+\.\d+|\[::1\])(:|\/|$)/.test(url),
    {
      message:
        "use localhost instead of a loopback IP (Next.js reports loopback hosts as localhost, and OAuth redirect URIs must match)",
    },
  ),
  DATABASE_URL: urlWithDefault("postgres://postgres@127.0.0.1:5432/postloom"),
  REDIS_URL: urlWithDefault("redis://127.0.0.1:6379"),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.-]+$/, { message: "letters, digits, '.', '_' or '-' only" })
    .default("postloom"),
  AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters (openssl rand -base64 32)" }),
  TOKEN_ENCRYPTION_KEY: base64Key,
  TOKEN_ENCRYPTION_KEYS_OLD: optionalString,
  SANDBOX_URL: urlWithDefault("http://127.0.0.1:4010"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
  TWITTER_API_TIER: z
    .enum(twitterApiTiers, { message: "must be payg, free, basic, pro or enterprise" })
    .default("payg"),
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d$/, { message: "must look like v25.0" })
    .default(DEFAULT_GRAPH_VERSION),
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  LINKEDIN_API_VERSION: z
    .string()
    .trim()
    .regex(/^\d{6}(\.\d{2})?$/, { message: "must be a LinkedIn version such as 202607 (YYYYMM)" })
    .default(DEFAULT_LINKEDIN_VERSION),
  // r_member_social is restricted (LinkedIn approves it for select apps); asked for only when approved.
  LINKEDIN_MEMBER_SOCIAL_READ: z.enum(["true", "false", ""], { message: "must be true or false" }).default(""),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  // gpt-6-luna: OpenAI's small, cheapest current model, its named replacement for gpt-4o-mini, with
  // no shutdown announced (developers.openai.com/api/docs/deprecations, checked 2026-12-01).
  OPENAI_MODEL: z.string().trim().default("gpt-6-luna"),
  // Who answers at OPENAI_BASE_URL: OpenAI itself ("openai", its parameter rules) or an
  // OpenAI-compatible server ("compatible"); empty = "openai" without OPENAI_BASE_URL, else "compatible".
  OPENAI_API_FLAVOR: z.enum(["openai", "compatible", ""], { message: "must be openai or compatible" }).default(""),
  OPENAI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  // Stripe: without a secret key the SDK talks to the sandbox (SANDBOX_URL), as the other platforms do.
  STRIPE_SECRET_KEY: optionalString.refine((value) => value === undefined || /^(sk|rk)_(test|live)_/.test(value), {
    message: "must be a Stripe secret key (sk_test_… or sk_live_…) from the Dashboard's API keys",
  }),
  STRIPE_WEBHOOK_SECRET: optionalString.refine((value) => value === undefined || value.startsWith("whsec_"), {
    message: "must be a webhook signing secret (whsec_…)",
  }),
  STRIPE_PRICE_STANDARD: optionalString,
  STRIPE_PRICE_PREMIUM: optionalString,
  MEDIA_DIR: z
    .string()
    .trim()
    .transform((value) => value || "./data/media")
    .default("./data/media"),
  MEDIA_S3_URL: optionalString.refine(
    (value) => value === undefined || /^https?:\/\/[^/@]+:[^/@]+@[^/]+\/[^/?]+/.test(value),
    {
      message: "must look like https://ACCESS_KEY_ID:SECRET@host/bucket?region=REGION (key and secret percent-encoded)",
    },
  ),
  PUBLISH_STALE_SECONDS: z.coerce.number().int().positive().default(60),
  /**
   * How long before its instant the dispatcher claims a page. Long enough for a claim of a hundred
   * pages to be in hand at the instant; tests lengthen it to act in the seconds before an instant.
   */
  PUBLISH_DISPATCH_LEAD_SECONDS: z.coerce.number().positive().max(60).default(5),
  PUBLISH_VIDEO_WAIT_SECONDS: z.coerce.number().positive().max(3600).default(120),
  /** How long the metrics sync holds the pages it claimed; a dead worker's pages are due again after it. */
  METRICS_LEASE_SECONDS: z.coerce.number().int().positive().default(120),
  /**
   * When a published page is first read: on its 15-minute grid (spread by page, as every later
   * read) or at once (the test stack, whose tests would otherwise wait). Migration 0013's trigger
   * reads it from the connection (db/index.ts).
   */
  METRICS_FIRST_READ: z.enum(["grid", "at-once"]).default("grid"),
  PUBLISH_MAX_LATENESS_MINUTES: z.coerce.number().int().positive().default(1440),
  PUBLISH_RATE_LIMITS: optionalString.refine((value) => value === undefined || RATE_LIMITS_FORMAT.test(value), {
    message:
      "must look like 'twitter:post=100/1d,facebook=5/1s' (platform[:post|media|lookup]=max/window with ms, s, m, h or d) or 'linkedin=none'",
  }),
  // The sandbox's mail catcher by default (SANDBOX_SMTP_PORT), so `npm run up` needs no mail server.
  SMTP_URL: z
    .string()
    .trim()
    .transform((value) => value || "smtp://127.0.0.1:4025")
    .pipe(z.url({ message: "must be a URL like smtp://user:password@host:587 or smtps://host:465" }))
    .refine((value) => /^smtps?:\/\//.test(value), { message: "must start with smtp:// or smtps://" })
    .default("smtp://127.0.0.1:4025"),
  MAIL_FROM: z
    .string()
    .trim()
    .transform((value) => value || "Postloom <no-reply@postloom.local>")
    .default("Postloom <no-reply@postloom.local>"),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
});

export type Env = z.infer<typeof envSchema>;

function loadEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("\n");
  throw new Error(`Invalid environment configuration:\n${problems}\nSee .env.example for each variable.`);
}

export const env = loadEnv();

// next-auth builds OAuth redirect URIs from AUTH_URL when set, otherwise from each request's host;
// Next.js may report the host as localhost or 127.0.0.1, and a provider refuses a code exchange
// whose redirect_uri differs from the authorization's. One configured origin avoids that.
process.env.AUTH_URL ??= env.APP_URL;

/** True when the app is served over https: session cookies are then marked Secure. */
export const isHttps = env.APP_URL.startsWith("https://");
