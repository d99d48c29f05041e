"use client";

import { Link } from "@/components/ui/link";
import { BarChart3, CalendarClock, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useSession } from "@/lib/client/session";

const features = [
  {
    icon: Sparkles,
    title: "AI content generation",
    text: "Answer five questions and get a post written for each network, or polish your own draft with AI.",
  },
  {
    icon: CalendarClock,
    title: "Smart scheduling",
    text: "Plan posts across Facebook Pages, X and LinkedIn on one calendar. They go out on time, exactly once.",
  },
  {
    icon: BarChart3,
    title: "Performance analytics",
    text: "See views, likes, comments and shares per post and per platform, and learn what works.",
  },
];

export function Landing() {
  const { session } = useSession();

  return (
    <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
      <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-6 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          Your social media, written and scheduled for you
        </h1>
        <p className="text-muted-foreground max-w-2xl text-lg">
          Postloom writes posts with AI, publishes them across all your pages at the right time, and shows you what
          performs.
        </p>
        <div className="flex min-h-11 flex-wrap items-center justify-center gap-3">
          {session.status === "authenticated" && (
            <Button asChild size="lg">
              <Link href="/dashboard">Go to Dashboard</Link>
            </Button>
          )}
          {session.status === "unauthenticated" && (
            <>
              <Button asChild size="lg">
                <Link href="/register">Start Free Trial</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link href="/login">Sign In</Link>
              </Button>
            </>
          )}
        </div>
      </section>
      <section aria-label="Features" className="mx-auto grid max-w-6xl gap-6 px-6 pb-20 md:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <Card key={title}>
            <CardHeader>
              <Icon className="text-primary size-8" aria-hidden />
              <CardTitle className="text-xl/7">{title}</CardTitle>
            </CardHeader>
            <CardContent className="text-muted-foreground">{text}</CardContent>
          </Card>
        ))}
      </section>
    </main>
  );
}
