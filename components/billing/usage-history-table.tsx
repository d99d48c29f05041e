import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatPeriodMonth } from "@/lib/billing/display";
import type { UsageHistoryItem } from "@/lib/billing/schemas";

/** 'Usage History' (spec section 2): one row per billing period, newest first. Hidden when empty. */
export function UsageHistoryTable({ items }: { items: UsageHistoryItem[] }) {
  if (items.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="usage-history-title">
      <CardHeader>
        <CardTitle id="usage-history-title" role="heading" aria-level={2}>
          Usage History
        </CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-sm">
          <thead>
            <tr className="text-muted-foreground border-b text-left">
              <th scope="col" className="py-2 pr-4 font-medium">
                Period
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                AI Requests
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Posts
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Storage GB
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.periodStart} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  {formatPeriodMonth(item.period)}
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{item.summary.openai.requests}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{item.summary.database.posts}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{item.summary.database.storageGB}</td>
                <td className="py-2 text-right tabular-nums">{item.summary.costs.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
