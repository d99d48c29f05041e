import { OAuthCallbackView } from "@/components/social/oauth-callback-view";

export const metadata = { title: "Connecting account" };

// GET /auth/callback — a platform return that lost its platform segment: shown as 'Platform not specified'
export default function OAuthCallbackWithoutPlatformPage() {
  return <OAuthCallbackView platform="" code={undefined} error={undefined} />;
}
