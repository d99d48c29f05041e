import { AnalyticsSeenMark } from "@/components/analytics/analytics-seen-mark";
import { AnalyticsView } from "@/components/analytics/analytics-view";

export const metadata = { title: "Analytics" };

export default function AnalyticsPage() {
  return (
    <>
      <AnalyticsSeenMark />
      <AnalyticsView />
    </>
  );
}
