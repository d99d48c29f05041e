"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useSession } from "@/lib/client/session";
import { can } from "@/lib/workspaces/roles";
import { ConnectedAccountsPanel } from "./connected-accounts-panel";
import { ApprovalSetting } from "./approval-setting";
import { ReviewLinksPanel } from "./review-links-panel";
import { BillingTabPanel } from "./billing-tab-panel";
import { TimeZonePanel } from "./time-zone-panel";

// Profile, Security, Workspace, Team and Activity (their forms validate with zod) load when their tab is
// first opened: the page opens on Connected Accounts, and its first load carried them all.
const panelLoading = () => (
  <div className="flex justify-center py-12">
    <Spinner className="size-6" aria-label="Loading" />
  </div>
);
const ProfilePanel = dynamic(() => import("./profile-panel").then((module) => module.ProfilePanel), {
  ssr: false,
  loading: panelLoading,
});
const WorkspacePanel = dynamic(() => import("./workspace-panel").then((module) => module.WorkspacePanel), {
  ssr: false,
  loading: panelLoading,
});
const TeamPanel = dynamic(() => import("./team-panel").then((module) => module.TeamPanel), {
  ssr: false,
  loading: panelLoading,
});
const ActivityPanel = dynamic(() => import("./activity-panel").then((module) => module.ActivityPanel), {
  ssr: false,
  loading: panelLoading,
});
const SecurityPanel = dynamic(() => import("./security-panel").then((module) => module.SecurityPanel), {
  ssr: false,
  loading: panelLoading,
});

/**
 * Settings: Connected Accounts, Profile, Security, Preferences (time zone), and the current
 * workspace's Workspace (name, new, delete), Team (members, invitations) and, for those who manage
 * its members, Activity; Billing leads to the /billing page.
 */
export function SettingsView() {
  const [tab, setTab] = useState("accounts");
  const { session } = useSession();
  const canSeeActivity = !!session.data && can(session.data.workspace.role, "manageMembers");
  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground mt-1">Manage your connected accounts and preferences.</p>
      </header>
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <TabsList className="max-w-full justify-start overflow-x-auto">
          <TabsTrigger value="accounts">Connected Accounts</TabsTrigger>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="preferences">Preferences</TabsTrigger>
          <TabsTrigger value="workspace">Workspace</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          {canSeeActivity && <TabsTrigger value="activity">Activity</TabsTrigger>}
          <TabsTrigger value="billing">Billing</TabsTrigger>
        </TabsList>
        <TabsContent value="accounts" className="pt-4">
          <ConnectedAccountsPanel />
        </TabsContent>
        <TabsContent value="profile" className="pt-4">
          <ProfilePanel onChangePassword={() => setTab("security")} />
        </TabsContent>
        <TabsContent value="security" className="pt-4">
          <SecurityPanel />
        </TabsContent>
        <TabsContent value="preferences" className="grid gap-6 pt-4">
          <TimeZonePanel />
          <ApprovalSetting />
          <ReviewLinksPanel />
        </TabsContent>
        <TabsContent value="workspace" className="pt-4">
          <WorkspacePanel />
        </TabsContent>
        <TabsContent value="team" className="pt-4">
          <TeamPanel />
        </TabsContent>
        <TabsContent value="billing" className="pt-4">
          <BillingTabPanel />
        </TabsContent>
        {canSeeActivity && (
          <TabsContent value="activity" className="pt-4">
            <ActivityPanel />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
