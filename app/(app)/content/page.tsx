import { Suspense } from "react";
import { ContentView } from "@/components/content/content-view";

export const metadata = { title: "Content" };

export default function ContentPage() {
  // ContentView reads ?highlight= with useSearchParams, which needs a Suspense boundary.
  return (
    <Suspense>
      <ContentView />
    </Suspense>
  );
}
