import { LegalPage } from "@/components/marketing/legal-page";

export const metadata = { title: "Privacy Policy" };

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        We store your name, e-mail address, a hash of your password (never the password itself), the posts you write and
        the media you upload, so that we can publish them for you.
      </p>
      <p>
        Access tokens for your connected social accounts are encrypted at rest and are never sent to your browser. We
        use them only to publish, refresh your account details and read your posts&apos; metrics.
      </p>
      <p>Disconnecting an account deletes its tokens. Deleting a post removes it from Postloom.</p>
    </LegalPage>
  );
}
