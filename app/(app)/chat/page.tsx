import { Suspense } from "react";
import { ChatScreen } from "@/components/ai/chat-screen";
import { PageSpinner } from "@/components/layout/page-spinner";

export const metadata = { title: "Chat" };

export default function ChatPage() {
  // ChatScreen reads ?chatId= with useSearchParams, which needs a Suspense boundary.
  return (
    <Suspense fallback={<PageSpinner label="Loading chat" />}>
      <ChatScreen />
    </Suspense>
  );
}
