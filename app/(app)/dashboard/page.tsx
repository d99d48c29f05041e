import { DashboardView } from "@/components/dashboard/dashboard-view";

export const metadata = { title: "Dashboard" };

export default function DashboardPage() {
  return <DashboardView />;
}
