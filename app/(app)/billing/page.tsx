import { Suspense } from "react";
import { BillingView } from "@/components/billing/billing-view";

export const metadata = { title: "Billing" };

// BillingView reads the Checkout return (?checkout=…) from the URL, which needs a Suspense boundary.
export default function BillingPage() {
  return (
    <Suspense>
      <BillingView />
    </Suspense>
  );
}
