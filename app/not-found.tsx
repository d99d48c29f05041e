import Link from "next/link";
import { AppShell } from "@/components/layout/app-shell";
import { Button } from "@/components/ui/button";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";

export const metadata = { title: "Page not found" };

/**
 * Any unknown path. A signed-in user stays inside the app (top bar, footer, assistant) with a way
 * back to the dashboard; a visitor gets the plain page with a way home.
 */
export default async function NotFound() {
  const signedIn = (await getRenderSessionUser()) !== null;
  const message = (
    <>
      <h1 className="text-3xl font-bold">404 - Page Not Found</h1>
      <p className="text-muted-foreground max-w-md">The page you are looking for does not exist or has moved.</p>
    </>
  );

  if (signedIn) {
    return (
      <AppShell>
        <div className="flex flex-col items-center gap-6 py-16 text-center">
          {message}
          <Button asChild>
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </div>
      </AppShell>
    );
  }

  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center outline-none"
    >
      {message}
      <Button asChild>
        <Link href="/">Go home</Link>
      </Button>
    </main>
  );
}
