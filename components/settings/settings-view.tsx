"use client";

import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ConnectedAccountsPanel } from "./connected-accounts-panel";
import { SecurityPanel } from "./security-panel";

/** Settings: Connected Accounts and Security; Profile and Billing are announced as coming. */
export function SettingsView() {
  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground mt-1">Manage your connected accounts and preferences.</p>
      </header>
      <Tabs defaultValue="accounts" className="min-w-0">
        <TabsList className="max-w-full justify-start overflow-x-auto">
          <TabsTrigger value="accounts">Connected Accounts</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="profile" disabled>
            Profile
            <Badge variant="secondary" className="text-[0.65rem]">
              Coming Soon
            </Badge>
          </TabsTrigger>
          <TabsTrigger value="billing" disabled>
            Billing
            <Badge variant="secondary" className="text-[0.65rem]">
              Coming Soon
            </Badge>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="accounts" className="pt-4">
          <ConnectedAccountsPanel />
        </TabsContent>
        <TabsContent value="security" className="pt-4">
          <SecurityPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
