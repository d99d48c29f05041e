import { cookies } from "next/headers";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { gettingStartedCookieName, parseGettingStartedMarks } from "@/lib/onboarding/getting-started-marks";

export const metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  // The signed-in layout has sent a visitor home already; the user is known here.
  const user = await getRenderSessionUser();
  const marks = parseGettingStartedMarks(user ? (await cookies()).get(gettingStartedCookieName(user.id))?.value : null);
  return <DashboardView gettingStartedMarks={marks} />;
}
