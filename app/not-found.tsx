import { Link } from "@/components/ui/link";
import { Footer } from "@/components/layout/footer";
import { TopBar } from "@/components/layout/top-bar";
import { Button } from "@/components/ui/button";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";

export const metadata = { title: "Page not found" };

/**
 * Any unknown path. A signed-in user stays inside the app (the top bar with its navigation, the
 * footer) with a way back to the dashboard; a visitor gets the plain page with a way home.
 *
 * Not the whole app shell: the root not-found belongs to the root layout's tree, so what it
 * imports is in the first load of every page. The shell (the AI assistant, its hooks, the billing
 * banner, zod) was 30 KiB compressed on every page, the landing page included; the top
 * bar and footer are on every page anyway.
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
      <div className="flex min-h-screen flex-col">
        <TopBar />
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto flex w-full max-w-7xl flex-1 flex-col items-center gap-6 px-4 py-16 text-center outline-none sm:px-6"
        >
          {message}
          <Button asChild>
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </main>
        <Footer />
      </div>
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
