/**
 * 'Skip to main content': the first stop of the Tab key on every page (app/layout.tsx), hidden
 * until focused. Every page's <main> carries id="main-content" and tabIndex={-1}, so following
 * the link moves keyboard focus there, past the top bar.
 */
export const MAIN_CONTENT_ID = "main-content";

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="bg-background text-foreground focus-visible:ring-ring sr-only rounded-md border px-4 py-2 text-sm font-medium shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus-visible:ring-[3px] focus-visible:outline-none"
    >
      Skip to main content
    </a>
  );
}
