import { inArray } from "drizzle-orm";
import { db, type Database, type Transaction } from "@/db";
import { notifications, users } from "@/db/schema";
import { env } from "@/lib/server/env";
import { escapeHtml, sendMail } from "@/lib/server/mail";
import type { NotificationKind } from "@/lib/notifications/schemas";

/**
 * Telling people about something: a row each for the bell (in the caller's transaction, so it lands
 * with the change it tells of) and, after the change committed, an e-mail each. A mail that cannot
 * be sent is logged, never undoes the change: the bell still says it.
 */

export interface Notice {
  workspaceId: string;
  postId: string | null;
  kind: NotificationKind;
  /** One sentence, as the bell shows it and as the e-mail's first line. */
  text: string;
  subject: string;
}

/** The bell's rows for each person (each once), in `tx`. */
export async function recordNotice(tx: Database | Transaction, userIds: (string | null)[], notice: Notice) {
  const people = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (people.length === 0) return [];
  await tx.insert(notifications).values(
    people.map((userId) => ({
      userId,
      workspaceId: notice.workspaceId,
      postId: notice.postId,
      kind: notice.kind,
      text: notice.text,
    })),
  );
  return people;
}

/** The e-mails of a notice already recorded; failures are logged. */
export async function mailNotice(userIds: string[], notice: Notice): Promise<void> {
  if (userIds.length === 0) return;
  const people = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, userIds));
  const link = notice.postId ? `${env.APP_URL}/content` : env.APP_URL;
  await Promise.all(
    people.map((person) =>
      sendMail({
        to: person.email,
        subject: notice.subject,
        text: [`Hello${person.name ? ` ${person.name}` : ""},`, "", notice.text, "", link].join("\n"),
        html: `<p>Hello${person.name ? ` ${escapeHtml(person.name)}` : ""},</p>
<p>${escapeHtml(notice.text)}</p>
<p><a href="${link}">Open Postloom</a></p>`,
      }).catch((error: unknown) => console.error(`[notify] could not mail ${notice.kind} to a member`, error)),
    ),
  );
}
