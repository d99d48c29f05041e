import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { escapeHtml, html, json } from "./responses";
import type { SandboxModule } from "./router";
import { defineSlice, type SandboxStore } from "./state";

/**
 * The mail catcher: an SMTP server that accepts every message (no TLS, any or no login) and keeps it
 * in the sandbox's state, where a person reads it at `/_mail` and tests at `/_mail/messages`. The app
 * sends its e-mail here by default (SMTP_URL), so password reset links work without a mail provider.
 */

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

/** The most recent messages only: a catcher left running for weeks should not grow without end. */
const KEEP = 500;

export const mailbox = defineSlice(
  "mail",
  () => ({ nextId: 1, messages: [] as CaughtMail[] }),
  (value) => ({ count: value.messages.length }),
);

export interface RunningSmtp {
  port: number;
  close(): Promise<void>;
}

export async function startMailCatcher(store: SandboxStore, port: number, host: string): Promise<RunningSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // Any login works: the catcher stands in for a relay whatever credentials SMTP_URL carries.
    onAuth: (_auth, _session, callback) => callback(null, { user: "sandbox" }),
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const box = store.slice(mailbox);
          box.messages.push({
            id: box.nextId++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : null,
            receivedAt: new Date(store.now()).toISOString(),
          });
          if (box.messages.length > KEEP) box.messages.splice(0, box.messages.length - KEEP);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("The mail catcher is not listening on a TCP port");
  return { port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function listFor(store: SandboxStore, to: string | null): CaughtMail[] {
  const all = store.slice(mailbox).messages;
  const wanted = to?.trim().toLowerCase();
  return [...(wanted ? all.filter((mail) => mail.to.includes(wanted)) : all)].reverse();
}

export const mail: SandboxModule = {
  name: "mail",
  register(router, store) {
    store.register(mailbox);
    router
      // Newest first; ?to=address filters by recipient.
      .get("/_mail/messages", (ctx) => json(200, { messages: listFor(store, ctx.query.get("to")) }))
      .delete("/_mail/messages", () => {
        store.slice(mailbox).messages.length = 0;
        return json(200, { cleared: true });
      })
      .get("/_mail", (ctx) => {
        const messages = listFor(store, ctx.query.get("to"));
        const items = messages
          .map(
            (m) => `<article>
  <h2>${escapeHtml(m.subject || "(no subject)")}</h2>
  <p class="meta">To ${escapeHtml(m.to.join(", "))} · from ${escapeHtml(m.from)} · ${escapeHtml(m.receivedAt)}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
          )
          .join("\n");
        return html(
          200,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox mail</title>
<style>body{font:15px system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head><body><h1>Sandbox mail (${messages.length})</h1>${items || "<p>No mail yet.</p>"}</body></html>`,
        );
      });
  },
};

/** Escaped text with its http(s) links clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
