import type { Page } from "@playwright/test";
import pg from "pg";
import { appUrl, databaseUrl, expect, forgetSession, newUser, sandboxUrl, signUp, test } from "./fixtures";

/** Settings › Workspace and Team, and an invitation followed from the e-mail to a new account. */

// Whole journeys (two people, a mailbox round trip): more steps than most.
test.describe.configure({ timeout: 120_000 });

async function query(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function openTab(page: Page, name: "Workspace" | "Team") {
  await page.goto("/settings");
  await page.getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
}

const switcher = (page: Page) => page.locator("#workspace-switcher");

test.describe("Settings › Workspace", () => {
  test("creates a workspace (the switcher shows it), renames it, and deletes it by typing its name", async ({
    page,
  }) => {
    await signUp(page, newUser("Wanda Workspace"));
    await openTab(page, "Workspace");
    await page.getByLabel("New workspace name").fill("Client A");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(switcher(page).locator("option:checked")).toHaveText("Client A");
    await expect(page.getByText("You are working in Client A as Owner.")).toBeVisible();

    await page.getByLabel("Workspace name", { exact: true }).fill("Client Alpha");
    await page.getByRole("button", { name: "Rename workspace" }).click();
    await expect(switcher(page).locator("option:checked")).toHaveText("Client Alpha");

    await page.getByRole("button", { name: "Delete workspace" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this workspace?" });
    const confirm = dialog.getByRole("button", { name: "Delete workspace" });
    await dialog.getByLabel("Type Client Alpha to confirm").fill("Client Alph");
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Type Client Alpha to confirm").fill("Client Alpha");
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(switcher(page).locator("option:checked")).toHaveText("Personal");
    await expect(switcher(page).locator("option")).toHaveCount(1);

    // The only workspace left: the server's sentence, shown in the dialog.
    await page.getByRole("button", { name: "Delete workspace" }).click();
    await dialog.getByLabel("Type Personal to confirm").fill("Personal");
    await dialog.getByRole("button", { name: "Delete workspace" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "This is your only workspace. Create another before deleting this one.",
    );
  });
});

test.describe("Settings › Team", () => {
  test("an owner invites by e-mail; the invited person registers through the link and joins as Editor", async ({
    page,
  }) => {
    const owner = await signUp(page, newUser("Olive Owner"));
    await openTab(page, "Workspace");
    await page.getByLabel("New workspace name").fill("Agency");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(switcher(page).locator("option:checked")).toHaveText("Agency");
    // Room for a team: the plan as Stripe would set it.
    await query(
      `UPDATE subscriptions SET tier = 'premium' WHERE workspace_id = (SELECT w.id FROM workspaces w
         JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id
        WHERE u.email = $1 AND w.name = 'Agency')`,
      [owner.email],
    );

    await openTab(page, "Team");
    const invitee = newUser("Ian Invitee");
    await page.getByLabel("Email address").fill(invitee.email);
    await page.getByLabel("Role").selectOption("editor");
    await page.getByRole("button", { name: "Send invitation" }).click();
    const pending = page.getByRole("list", { name: "Pending invitations" });
    await expect(pending.getByText(invitee.email)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "2 of 10 seats used" })).toBeVisible();

    await forgetSession(page);
    const inbox = `${sandboxUrl()}/_mail?to=${encodeURIComponent(invitee.email)}`;
    await expect(async () => {
      await page.goto(inbox);
      await expect(page.getByRole("heading", { name: "Olive Owner invited you to Agency on Postloom" })).toBeVisible({
        timeout: 500,
      });
    }).toPass({ timeout: 15_000 });
    await page.getByRole("link", { name: /\/invite\// }).click();

    await expect(page.getByRole("heading", { name: "Join Agency" })).toBeVisible();
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByLabel("Email address")).toHaveValue(invitee.email);
    await page.getByLabel("Full name").fill(invitee.name);
    await page.getByLabel("Password", { exact: true }).fill(invitee.password);
    await page.getByLabel("Confirm password").fill(invitee.password);
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(switcher(page).locator("option:checked")).toHaveText("Agency");

    await openTab(page, "Team");
    const members = page.getByRole("table", { name: "Members of Agency" });
    await expect(members.getByRole("row", { name: /Olive Owner/ })).toContainText("Owner");
    await expect(members.getByRole("row", { name: /Ian Invitee/ })).toContainText("Editor");
    // An editor reads the team: no role to change, no one to remove, nothing to invite with.
    await expect(members.getByRole("combobox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Leave" })).toBeVisible();
  });

  test("an owner changes a member's role and removes them; the last owner cannot leave", async ({ page, request }) => {
    const owner = await signUp(page, newUser("Otto Owner"));
    await openTab(page, "Workspace");
    await page.getByLabel("New workspace name").fill("Crew");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect(switcher(page).locator("option:checked")).toHaveText("Crew");
    const member = newUser("Mia Member");
    const registered = await request.post(`${appUrl()}/api/auth/register`, {
      data: { name: member.name, email: member.email, password: member.password, password2: member.password },
      headers: { Origin: appUrl() },
    });
    expect(registered.status()).toBe(201);
    await query(
      `INSERT INTO workspace_members (workspace_id, user_id, role)
       SELECT w.id, (SELECT id FROM users WHERE email = $2), 'viewer' FROM workspaces w
         JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id
        WHERE u.email = $1 AND w.name = 'Crew'`,
      [owner.email, member.email],
    );

    await openTab(page, "Team");
    const members = page.getByRole("table", { name: "Members of Crew" });
    await members.getByRole("combobox", { name: "Role of Mia Member" }).click();
    await page.getByRole("option", { name: "Editor" }).click();
    await expect(page.getByText("Role changed: Mia Member is now Editor")).toBeVisible();
    await expect(members.getByRole("combobox", { name: "Role of Mia Member" })).toHaveText("Editor");

    await members.getByRole("button", { name: "Remove Mia Member" }).click();
    await page
      .getByRole("alertdialog", { name: "Remove Mia Member from Crew?" })
      .getByRole("button", { name: "Remove member" })
      .click();
    await expect(members.getByRole("row", { name: /Mia Member/ })).toHaveCount(0);

    await members.getByRole("button", { name: "Leave" }).click();
    await page
      .getByRole("alertdialog", { name: "Leave Crew?" })
      .getByRole("button", { name: "Leave workspace" })
      .click();
    await expect(
      page.getByText("A workspace needs an owner: make another member owner before this one stops being one."),
    ).toBeVisible();
    await expect(switcher(page).locator("option:checked")).toHaveText("Crew");
  });
});
