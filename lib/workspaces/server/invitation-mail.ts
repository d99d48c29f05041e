import { env } from "@/lib/server/env";
import { escapeHtml, sendMail } from "@/lib/server/mail";
import { ROLE_NAMES } from "@/lib/workspaces/roles";
import { INVITATION_VALID_DAYS, type WorkspaceRole } from "@/lib/workspaces/schemas";

/** The link an invitation's e-mail carries (the /invite/{token} page). */
export const invitationLink = (token: string) => `${env.APP_URL}/invite/${token}`;

/** The e-mail of an invitation (sent, and sent again by Resend with a new link). */
export async function sendInvitationMail(input: {
  to: string;
  token: string;
  workspaceName: string;
  inviterName: string;
  role: WorkspaceRole;
}): Promise<void> {
  const link = invitationLink(input.token);
  const role = ROLE_NAMES[input.role];
  await sendMail({
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.workspaceName} on Postloom`,
    text: [
      "Hello,",
      "",
      `${input.inviterName} invited you to join the workspace "${input.workspaceName}" on Postloom as ${role}.`,
      `Open this link within ${INVITATION_VALID_DAYS} days to accept (sign in or create an account with this address):`,
      "",
      link,
      "",
      "The link works once. If you did not expect this invitation, ignore this e-mail.",
    ].join("\n"),
    html: `<p>Hello,</p>
<p>${escapeHtml(input.inviterName)} invited you to join the workspace <strong>${escapeHtml(input.workspaceName)}</strong> on Postloom as ${role}.</p>
<p><a href="${link}">Accept the invitation</a> (the link is valid for ${INVITATION_VALID_DAYS} days and works once; sign in or create an account with this address).</p>
<p>If you did not expect this invitation, ignore this e-mail.</p>`,
  });
}
