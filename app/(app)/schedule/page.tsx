import { ScheduleView } from "@/components/schedule/schedule-view";

export const metadata = { title: "Schedule" };

export default function SchedulePage() {
  return <ScheduleView />;
}
