"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { APPROVAL_MESSAGES } from "@/lib/approvals/constants";
import { useApprovalSetting, useSetApprovalSetting } from "@/lib/client/hooks/approvals";
import { errorMessage } from "@/lib/client/http";
import { useSession } from "@/lib/client/session";
import { toast } from "@/lib/client/toast";
import { can } from "@/lib/workspaces/roles";

/**
 * Settings › Preferences: the workspace's 'Posts need approval'. Owners and admins change it; the
 * others see it. Contributors' posts need approval whatever it says.
 */
export function ApprovalSetting() {
  const { session } = useSession();
  const setting = useApprovalSetting();
  const update = useSetApprovalSetting();
  if (!session.data) return null;
  const mayChange = can(session.data.workspace.role, "manageSettings");
  const on = setting.data?.postsNeedApproval ?? false;

  async function change(value: boolean) {
    try {
      await update.mutateAsync(value);
      toast.success(APPROVAL_MESSAGES.settingSaved);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save the approval setting"));
    }
  }

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">Approvals</h3>
        </CardTitle>
        <CardDescription>
          An approved post goes out exactly as approved: any change sends it back for review. Posts by contributors
          always need approval.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Switch
          id="posts-need-approval"
          checked={on}
          disabled={!mayChange || setting.isPending || update.isPending}
          onCheckedChange={(value) => void change(value)}
        />
        <Label htmlFor="posts-need-approval">Posts need approval</Label>
      </CardContent>
    </Card>
  );
}
