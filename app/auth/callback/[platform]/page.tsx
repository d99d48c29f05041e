import { OAuthCallbackView } from "@/components/social/oauth-callback-view";

export const metadata = { title: "Connecting account" };

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// GET /auth/callback/{platform}?code&state (or ?error&error_description) — where a platform returns after OAuth
export default async function OAuthCallbackPage({
  params,
  searchParams,
}: {
  params: Promise<{ platform: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ platform }, query] = await Promise.all([params, searchParams]);
  return <OAuthCallbackView platform={platform} code={first(query.code)} error={first(query.error)} />;
}
