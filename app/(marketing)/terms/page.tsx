import { LegalPage } from "@/components/marketing/legal-page";

export const metadata = { title: "Terms and Conditions" };

export default function TermsPage() {
  return (
    <LegalPage title="Terms and Conditions">
      <p>
        Postloom publishes content to the social networks you connect, on your instruction and at the times you choose.
        You are responsible for what you publish and for complying with each network&apos;s rules.
      </p>
      <p>
        Paid plans are billed monthly. You can cancel at any time; cancellation takes effect at the end of the billing
        period unless you choose otherwise. Usage limits are those of your plan.
      </p>
      <p>We may suspend accounts that abuse the service or the networks it connects to.</p>
    </LegalPage>
  );
}
