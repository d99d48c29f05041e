"use client";

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import {
  defaultTheme,
  isThemeName,
  themeCookieMaxAgeSeconds,
  themeCookieName,
  themeStorageKey,
  type ThemeName,
} from "@/lib/themes";

/**
 * The colour theme: `data-theme` on <html>, kept in localStorage under "theme" (spec, "Themes") and
 * in a cookie of the same name. The server renders <html> with the cookie's theme (app/layout.tsx),
 * so nothing runs before the first paint; a choice only localStorage knows (made before the cookie
 * existed) is applied once mounted and written to the cookie.
 */

interface ThemeState {
  theme: ThemeName;
  setTheme: (theme: ThemeName) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

export function ThemeProvider({ initialTheme, children }: { initialTheme: ThemeName; children: ReactNode }) {
  const theme = useSyncExternalStore(subscribeToTheme, appliedTheme, () => initialTheme);

  useEffect(() => {
    const stored = readStoredTheme();
    if (stored && stored !== appliedTheme()) {
      applyTheme(stored);
      writeThemeCookie(stored);
    }
  }, []);

  const setTheme = useCallback((name: ThemeName) => {
    applyTheme(name);
    try {
      localStorage.setItem(themeStorageKey, name);
    } catch {
      // Storage refused (a private window's quota, a policy): the cookie still keeps the choice.
    }
    writeThemeCookie(name);
  }, []);

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error("useTheme needs a ThemeProvider above it");
  return state;
}

/** The theme on <html>: what the page shows, whoever set it. */
function appliedTheme(): ThemeName {
  const name = document.documentElement.dataset.theme;
  return isThemeName(name) ? name : defaultTheme;
}

/** Calls back when <html>'s theme changes; applies another tab's choice (it wrote the cookie too). */
function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey && isThemeName(event.newValue)) applyTheme(event.newValue);
  };
  window.addEventListener("storage", onStorage);
  return () => {
    observer.disconnect();
    window.removeEventListener("storage", onStorage);
  };
}

function readStoredTheme(): ThemeName | null {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    return isThemeName(stored) ? stored : null;
  } catch {
    return null;
  }
}

function writeThemeCookie(name: ThemeName) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${themeCookieName}=${name}; Path=/; Max-Age=${themeCookieMaxAgeSeconds}; SameSite=Lax${secure}`;
}

/** Sets the theme on <html> with transitions off for that frame, so colours switch at once. */
function applyTheme(name: ThemeName) {
  const root = document.documentElement;
  if (root.dataset.theme === name) return;
  const noTransitions = document.createElement("style");
  noTransitions.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(noTransitions);
  root.dataset.theme = name;
  // Reading a computed style makes the browser apply the new colours before transitions return.
  void getComputedStyle(document.body).opacity;
  requestAnimationFrame(() => noTransitions.remove());
}
