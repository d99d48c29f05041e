"use client";

import { useState } from "react";
import { facebookGlyph, googleGlyph } from "@/components/social/brand-glyphs";
import { BrandIcon } from "@/components/ui/brand-icon";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { http } from "@/lib/client/http";
import { oauthSignInUrl } from "@/lib/client/requests/auth";

const providers = [
  { id: "google", name: "Google", glyph: googleGlyph, tint: "text-[#4285f4]" },
  { id: "facebook", name: "Facebook", glyph: facebookGlyph, tint: "text-[#0866ff]" },
] as const;

/** 'Login with Google' / 'Sign up with Facebook': ask the server for the URL, then leave for it. */
export function OAuthButtons({ intent, onError }: { intent: "login" | "signup"; onError: (message: string) => void }) {
  const [busy, setBusy] = useState<string | null>(null);

  async function start(provider: (typeof providers)[number]) {
    setBusy(provider.id);
    try {
      window.location.assign(await oauthSignInUrl(http, provider.id, intent));
    } catch {
      setBusy(null);
      onError(`Failed to initiate ${provider.name} ${intent === "login" ? "login" : "signup"}. Please try again.`);
    }
  }

  return (
    <div className="grid gap-2">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          disabled={busy !== null}
          onClick={() => void start(provider)}
        >
          {busy === provider.id ? (
            <Spinner aria-label={`Redirecting to ${provider.name}`} />
          ) : (
            <BrandIcon icon={provider.glyph} className={provider.tint} />
          )}
          {intent === "login" ? "Login" : "Sign up"} with {provider.name}
        </Button>
      ))}
    </div>
  );
}
