"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError } from "@/components/auth/form-error";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/client/http";
import { acceptInvitation } from "@/lib/client/requests/workspaces";
import { useSession } from "@/lib/client/session";

/** The invite page's button: joins the workspace, which becomes the current one, then the dashboard. */
export function AcceptInvitation({ token, workspaceName }: { token: string; workspaceName: string }) {
  const router = useRouter();
  const { switchTo } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      const workspace = await acceptInvitation(token);
      await switchTo(workspace.id);
      router.replace("/dashboard");
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught, "Could not accept the invitation. Please try again."));
    }
  }

  return (
    <div className="grid gap-4">
      <FormError message={error} />
      <Button onClick={() => void accept()} disabled={busy}>
        {busy ? "Joining..." : `Join ${workspaceName}`}
      </Button>
    </div>
  );
}
