"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { http } from "@/lib/client/http";
import { loadSession, logout, type SessionData } from "@/lib/client/requests/auth";

type SessionState =
  | { status: "loading"; data: null }
  | { status: "authenticated"; data: SessionData }
  | { status: "unauthenticated"; data: null };

interface SessionContextValue {
  session: SessionState;
  /** Reloads the user, accounts and stats (after login, a connection, a success banner). */
  reload: () => Promise<SessionData | null>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * `signedIn`: the server's word on this page's request (app/layout.tsx). Without a session there
 * is nothing to load, so a visitor's page starts signed out and never asks /api/auth/me (nor its
 * /api/auth/user fallback): those were two 401s in the console on every visit. Signing in calls
 * `reload()`.
 */
export function SessionProvider({ children, signedIn = true }: { children: ReactNode; signedIn?: boolean }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<SessionState>(() =>
    signedIn ? { status: "loading", data: null } : { status: "unauthenticated", data: null },
  );

  const apply = useCallback((data: SessionData | null) => {
    setSession(data ? { status: "authenticated", data } : { status: "unauthenticated", data: null });
    return data;
  }, []);

  const lateSession = useCallback((data: SessionData) => apply(data), [apply]);

  // Only the first page's answer counts: later client navigations keep this provider.
  const [initiallySignedIn] = useState(signedIn);

  const reload = useCallback(async () => apply(await loadSession(http, lateSession)), [apply, lateSession]);

  useEffect(() => {
    let cancelled = false;
    if (initiallySignedIn)
      void loadSession(http, lateSession).then((data) => {
        if (!cancelled) apply(data);
      });
    const unsubscribe = http.onSessionCleared(() => {
      queryClient.clear();
      apply(null);
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [apply, lateSession, queryClient, initiallySignedIn]);

  const signOut = useCallback(async () => {
    await logout(http);
    queryClient.clear();
    apply(null);
  }, [apply, queryClient]);

  const value = useMemo(() => ({ session, reload, signOut }), [session, reload, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error("useSession must be used inside <SessionProvider>");
  return context;
}
