import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../sandbox/server";
import { sandboxControl } from "../../../sandbox/testing";

/** The sandbox's mail catcher, spoken to the way the app's nodemailer transport speaks to a relay. */

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

const send = (to: string, subject: string, text: string, url = sandbox.smtpUrl) =>
  nodemailer.createTransport(url).sendMail({ from: "Postloom <no-reply@postloom.local>", to, subject, text });

const messages = async (query = "") =>
  (
    (await (await fetch(`${sandbox.url}/_mail/messages${query}`)).json()) as {
      messages: { to: string[]; subject: string; text: string }[];
    }
  ).messages;

describe("mail catcher", () => {
  it("accepts any message over SMTP and lists it as JSON (newest first, filtered by recipient) and as a page", async () => {
    expect(sandbox.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const link = `http://localhost:3000/reset-password?token=${"x".repeat(60)}`;
    await send("Someone@Example.com", "First", `Hello\n\n${link}\n`);
    await send("other@example.com", "Second", "Bonjour — ça va?");
    // Credentials in SMTP_URL (a real relay needs them) are accepted too.
    await send("other@example.com", "Third", "With a login", sandbox.smtpUrl.replace("smtp://", "smtp://user:pass@"));

    const forSomeone = await messages("?to=someone@example.com");
    expect(forSomeone).toHaveLength(1);
    expect(forSomeone[0]).toMatchObject({ to: ["someone@example.com"], subject: "First" });
    // Long lines arrive whole (quoted-printable soft breaks decoded).
    expect(forSomeone[0]!.text).toContain(link);
    expect((await messages()).map((m) => m.subject).slice(0, 3)).toEqual(["Third", "Second", "First"]);
    expect((await messages("?to=other@example.com"))[1]!.text).toContain("Bonjour — ça va?");

    const page = await fetch(`${sandbox.url}/_mail?to=someone@example.com`);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain("<h2>First</h2>");
    expect(html).toContain(`<a href="${link}">`);
    expect(html).not.toContain("Second");

    await sandboxControl(sandbox.url).reset();
    expect(await messages()).toEqual([]);
  });
});
