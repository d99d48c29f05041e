"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ConnectedAccountsPanel } from "./connected-accounts-panel";
import { TimeZonePanel } from "./time-zone-panel";

// Profile and Security (their forms validate with zod) load when their tab is first opened: the
// page opens on Connected Accounts, and its first load carried both.
const panelLoading = () => (
  <div className="flex justify-center py-12">
    <Spinner className="size-6" aria-label="Loading" />
  </div>
);
const ProfilePanel = dynamic(() => import("./profile-panel").then((module) => module.ProfilePanel), {
  ssr: false,
  loading: panelLoading,
});
const SecurityPanel = dynamic(() => import("./security-panel").then((module) => module.SecurityPanel), {
  ssr: false,
  loading: panelLoading,
});

/** Settings: Connected Accounts, Profile, Security and Preferences (time zone); Billing is announced as coming. */
export function SettingsView() {
  const [tab, setTab] = useState("accounts");
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
          <TabsTrigger value="billing" disabled>
            Billing
            <Badge variant="secondary" size="xs">
              Coming Soon
            </Badge>
          </TabsTrigger>
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
        <TabsContent value="preferences" className="pt-4">
          <TimeZonePanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
