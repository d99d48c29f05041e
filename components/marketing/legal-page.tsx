import type { ReactNode } from "react";
import { Footer } from "@/components/layout/footer";
import { TopBar } from "@/components/layout/top-bar";

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-6 py-12 leading-relaxed outline-none"
      >
        <h1 className="text-3xl font-bold">{title}</h1>
        {children}
      </main>
      <Footer />
    </div>
  );
}
