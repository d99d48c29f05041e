import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db } from "@/db";
import { passwordResetTokens, users } from "@/db/schema";
import { badRequest, tooManyRequests } from "@/lib/server/api/errors";
import { env } from "@/lib/server/env";
import { escapeHtml, sendMail } from "@/lib/server/mail";
import { redis } from "@/lib/server/redis";
import { PASSWORD_RESET_LINK_INVALID } from "@/lib/auth/schemas";
import { hashPassword } from "./password";
import { announceUserRevocation, revokeUserSessions } from "./user-sessions";

/**
 * Password reset by e-mail. The link carries 32 random bytes; only their SHA-256 is stored, so the
 * table opens no account. A link works once, for an hour, and using it ends every session of the
 * account and every other link. Requests are throttled per e-mail (whether or not it has an account,
 * so a refusal tells nothing) and per IP.
 */

const LINK_VALID_MS = 60 * 60 * 1000;
const WINDOW_SECONDS = 60 * 60;
const MAX_PER_EMAIL = 3;
const MAX_PER_IP = 20;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Counts this request first, then checks: parallel requests cannot all slip under the limit. */
export async function throttlePasswordResetRequest(email: string, ip: string): Promise<void> {
  const emailKey = `${env.REDIS_PREFIX}:reset-request:email:${email}`;
  const ipKey = `${env.REDIS_PREFIX}:reset-request:ip:${ip}`;
  const results = (await redis()
    .multi()
    .incr(emailKey)
    .expire(emailKey, WINDOW_SECONDS, "NX")
    .incr(ipKey)
    .expire(ipKey, WINDOW_SECONDS, "NX")
    .ttl(emailKey)
    .ttl(ipKey)
    .exec()) as [Error | null, number][];
  const [emailCount, , ipCount, , emailTtl, ipTtl] = results.map(([, value]) => value);
  if (emailCount! > MAX_PER_EMAIL) throw tooManyRequests(emailTtl!);
  if (ipCount! > MAX_PER_IP) throw tooManyRequests(ipTtl!);
}

/** Mails a reset link when the address has an account; does nothing otherwise (the caller answers the same). */
export async function sendPasswordResetLink(email: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(passwordResetTokens)
    .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + LINK_VALID_MS) });
  const link = `${env.APP_URL}/reset-password?token=${token}`;
  await sendMail({
    to: user.email,
    subject: "Reset your Postloom password",
    text: [
      `Hello${user.name ? ` ${user.name}` : ""},`,
      "",
      "Someone (we hope you) asked to reset the password of your Postloom account.",
      "Open this link within one hour to choose a new password:",
      "",
      link,
      "",
      "The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
    html: `<p>Hello${user.name ? ` ${escapeHtml(user.name)}` : ""},</p>
<p>Someone (we hope you) asked to reset the password of your Postloom account.</p>
<p><a href="${link}">Choose a new password</a> (the link is valid for one hour and works once).</p>
<p>If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
  });
}

/** Whether the link can still be used (the reset page shows the form or says it is used/expired). */
export async function isPasswordResetTokenUsable(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable(token))
    .limit(1);
  return !!row;
}

const usable = (token: string) =>
  and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/**
 * Sets the new password and uses up the link, in one transaction: the link is claimed by a
 * conditional UPDATE, so two submissions of one link cannot both succeed. Every session ends.
 */
export async function resetPasswordWithToken(token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(usable(token))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw badRequest(PASSWORD_RESET_LINK_INVALID, "reset_link_invalid");
    await tx.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)));
    await revokeUserSessions(claimed.userId, { tx });
    return claimed.userId;
  });
  await announceUserRevocation(userId);
}
