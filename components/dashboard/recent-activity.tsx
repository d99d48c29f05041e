import { CalendarClock, CircleCheck, Link2, Sparkles, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** Fixed sample entries (spec: "Recent Activity list with fixed sample entries"); no activity feed exists yet. */
const sampleActivity: { icon: LucideIcon; text: string; when: string }[] = [
  { icon: CircleCheck, text: "Post published to Facebook", when: "2 hours ago" },
  { icon: CalendarClock, text: "Post scheduled for LinkedIn", when: "5 hours ago" },
  { icon: Sparkles, text: "AI generated a new post draft", when: "Yesterday" },
  { icon: Link2, text: "Twitter/X account connected", when: "3 days ago" },
];

export function RecentActivity() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-xl font-semibold">Recent Activity</h2>
        </CardTitle>
        <CardDescription>Examples of what will appear here as you use Postloom.</CardDescription>
        <CardAction>
          <Badge variant="outline">Examples</Badge>
        </CardAction>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4" aria-label="Example activity">
          {sampleActivity.map(({ icon: Icon, text, when }) => (
            <li key={text} className="flex items-start gap-3">
              <span
                className="bg-muted text-muted-foreground grid size-8 shrink-0 place-items-center rounded-full"
                aria-hidden="true"
              >
                <Icon className="size-4" />
              </span>
              <div className="grid gap-0.5">
                <p className="text-sm font-medium">{text}</p>
                <p className="text-muted-foreground text-xs">{when}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
