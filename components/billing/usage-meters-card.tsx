import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatStorage } from "@/lib/billing/format";
import type { SubscriptionUsage } from "@/lib/billing/schemas";
import { UsageMeter } from "./usage-meter";

/**
 * 'Usage This Month' (spec section 2): AI Requests, Posts Created, Storage Used (MB, as GB from 1024),
 * and the workspace's Team Members (members and pending invitations) against the plan's seats.
 */
export function UsageMetersCard({ usage }: { usage: SubscriptionUsage["usage"] }) {
  return (
    <Card role="region" aria-labelledby="usage-title">
      <CardHeader>
        <CardTitle id="usage-title" role="heading" aria-level={2}>
          Usage This Month
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        <UsageMeter label="AI Requests" current={usage.aiRequests.current} limit={usage.aiRequests.limit} />
        <UsageMeter label="Posts Created" current={usage.posts.current} limit={usage.posts.limit} />
        <UsageMeter
          label="Storage Used"
          current={usage.storage.current}
          limit={usage.storage.limit}
          format={formatStorage}
        />
        <UsageMeter label="Team Members" current={usage.teamMembers.current} limit={usage.teamMembers.limit} />
      </CardContent>
    </Card>
  );
}
