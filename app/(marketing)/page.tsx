import { Footer } from "@/components/layout/footer";
import { TopBar } from "@/components/layout/top-bar";
import { Landing } from "@/components/marketing/landing";

export default function HomePage() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <Landing />
      <Footer />
    </div>
  );
}
