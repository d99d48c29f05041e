"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { toast } from "@/lib/client/toast";
import { SESSION_EXPIRED_MESSAGE } from "@/lib/client/requests/media";

/** Spec section 9: on an expired session the user is sent to /login after 2 s. */
export const SESSION_EXPIRED_REDIRECT_MS = 2_000;

/**
 * Says the session expired and goes to /login 2 s later. The timer is deliberately not cancelled on
 * unmount: leaving the page must not keep the user on a screen whose calls all fail.
 */
export function useSessionExpired() {
  const router = useRouter();
  return useCallback(() => {
    toast.error(SESSION_EXPIRED_MESSAGE);
    setTimeout(() => router.push("/login"), SESSION_EXPIRED_REDIRECT_MS);
  }, [router]);
}
