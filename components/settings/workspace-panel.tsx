"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/client/http";
import { createWorkspace, renameWorkspace } from "@/lib/client/requests/workspaces";
import { useSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { can, ROLE_NAMES } from "@/lib/workspaces/roles";
import { workspaceNameSchema } from "@/lib/workspaces/schemas";
import { DeleteWorkspaceDialog } from "./delete-workspace-dialog";

/**
 * Settings › Workspace: the current workspace's name (owners and admins), a new workspace, and
 * deleting this one (its owner). Each change reloads the session, so the switcher shows it at once.
 */
export function WorkspacePanel() {
  const { session } = useSession();
  if (!session.data) return null;
  const { workspace } = session.data;
  return (
    <section aria-labelledby="workspace-heading" className="grid max-w-2xl gap-6">
      <div>
        <h2 id="workspace-heading" className="text-xl font-semibold">
          Workspace
        </h2>
        <p className="text-muted-foreground text-sm">
          You are working in <strong>{workspace.name}</strong> as {ROLE_NAMES[workspace.role]}.
        </p>
      </div>
      {/* Keyed by the workspace: switching starts the form again with the new one's name. */}
      <RenameCard key={workspace.id} workspace={workspace} />
      <CreateCard />
      {can(workspace.role, "deleteWorkspace") && <DeleteCard workspace={workspace} />}
    </section>
  );
}

function RenameCard({ workspace }: { workspace: { id: string; name: string; role: Parameters<typeof can>[0] } }) {
  const { reload } = useSession();
  const [name, setName] = useState(workspace.name);
  const [busy, setBusy] = useState(false);
  const allowed = can(workspace.role, "manageSettings");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = workspaceNameSchema.safeParse(name);
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? "Workspace name is required");
    setBusy(true);
    try {
      const response = await renameWorkspace(workspace.id, parsed.data);
      await reload();
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error, "Could not rename the workspace. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">Name</h3>
        </CardTitle>
        <CardDescription>
          {allowed ? "What the workspace switcher and invitations call it." : "Owners and admins can rename it."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="workspace-name">Workspace name</Label>
            <Input
              id="workspace-name"
              value={name}
              maxLength={80}
              disabled={!allowed}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          {allowed && (
            <Button type="submit" className="justify-self-start" disabled={busy || name.trim() === workspace.name}>
              {busy ? "Saving..." : "Rename workspace"}
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

function CreateCard() {
  const router = useRouter();
  const { switchTo } = useSession();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = workspaceNameSchema.safeParse(name);
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? "Workspace name is required");
    setBusy(true);
    try {
      const created = await createWorkspace(parsed.data);
      await switchTo(created.id);
      setName("");
      toast.success(`Workspace ${created.name} created`);
      router.refresh();
    } catch (error) {
      toast.error(errorMessage(error, "Could not create the workspace. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">New workspace</h3>
        </CardTitle>
        <CardDescription>
          A workspace of its own accounts, posts and plan (Free to start), owned by you.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="new-workspace-name">New workspace name</Label>
            <Input
              id="new-workspace-name"
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" className="justify-self-start" disabled={busy || !name.trim()}>
            {busy ? "Creating..." : "Create workspace"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function DeleteCard({ workspace }: { workspace: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">Delete workspace</h3>
        </CardTitle>
        <CardDescription>
          Deletes everything it owns, for every member. Your only workspace cannot be deleted.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete workspace
        </Button>
        <DeleteWorkspaceDialog open={open} onOpenChange={setOpen} workspace={workspace} />
      </CardContent>
    </Card>
  );
}
