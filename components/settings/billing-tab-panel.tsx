import { CreditCard } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";

/** Settings › Billing: the plan lives on its own page, /billing; this tab leads there. */
export function BillingTabPanel() {
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Billing</h2>
        </CardTitle>
        <CardDescription>
          The workspace&apos;s plan, its usage and limits, payment and invoices are on the Billing page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/billing">
            <CreditCard aria-hidden />
            Open Billing
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
