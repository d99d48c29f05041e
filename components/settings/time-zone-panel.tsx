"use client";

import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { useUpdateTimeZone } from "@/lib/client/hooks/analytics";
import { errorMessage } from "@/lib/client/http";
import { useSession } from "@/lib/client/session";
import { can } from "@/lib/workspaces/roles";

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function knownZones(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

/**
 * Settings → Preferences: the zone the workspace's analytics days (charts, best time to post) are
 * counted in. The stored zone comes with the session's workspace (Settings renders inside the
 * signed-in shell); the browser's zone is offered as the one to switch to.
 */
export function TimeZonePanel() {
  const { session } = useSession();
  const update = useUpdateTimeZone();
  const [choice, setChoice] = useState<string | null>(null);
  if (!session.data) return null;
  const stored = session.data.workspace.timeZone;
  const mayChange = can(session.data.workspace.role, "manageSettings");
  const browser = browserTimeZone();
  const value = choice ?? stored;

  async function save(timeZone: string) {
    try {
      await update.mutateAsync(timeZone);
      setChoice(null);
      toast.success(`Time zone set to ${timeZone}`);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save the time zone"));
    }
  }

  return (
    <section aria-labelledby="preferences-heading" className="grid max-w-2xl gap-6">
      <div>
        <h2 id="preferences-heading" className="text-xl font-semibold">
          Preferences
        </h2>
        <p className="text-muted-foreground text-sm">How Postloom counts your days.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h3 className="text-lg font-semibold">Time zone</h3>
          </CardTitle>
          <CardDescription>
            Analytics days, charts and the best time to post follow this zone. Now: <strong>{stored}</strong>.
          </CardDescription>
        </CardHeader>
        {mayChange ? (
          <CardContent className="grid gap-4">
            <NativeSelect
              id="time-zone"
              label="Time zone"
              value={value}
              options={knownZones().map((zone) => ({ value: zone, label: zone }))}
              onChange={setChoice}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" disabled={update.isPending || value === stored} onClick={() => void save(value)}>
                {update.isPending ? "Saving..." : "Save time zone"}
              </Button>
              {stored !== browser && (
                <Button type="button" variant="outline" disabled={update.isPending} onClick={() => void save(browser)}>
                  Use this browser&apos;s zone ({browser})
                </Button>
              )}
            </div>
          </CardContent>
        ) : (
          <CardContent>
            <p className="text-muted-foreground text-sm">
              Only the workspace&apos;s owners and admins change its time zone.
            </p>
          </CardContent>
        )}
      </Card>
    </section>
  );
}
