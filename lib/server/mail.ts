import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/server/env";

/**
 * Outgoing e-mail over SMTP (`SMTP_URL`: a provider's relay in production, the sandbox's mail catcher
 * by default). One pooled transport per process.
 */

let transport: Transporter | undefined;

function mailer(): Transporter {
  // Short timeouts: a mail server that does not answer must not hold a request (or an `after()` task) for minutes.
  transport ??= nodemailer.createTransport(env.SMTP_URL, {
    from: env.MAIL_FROM,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return transport;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  await mailer().sendMail({ from: env.MAIL_FROM, ...mail });
}

/** Text made safe to put inside an e-mail's HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
