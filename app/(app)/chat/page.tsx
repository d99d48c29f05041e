import { Suspense } from "react";
import { ChatScreen } from "@/components/ai/chat-screen";
import { PageSpinner } from "@/components/layout/page-spinner";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { aiKeys } from "@/lib/ai/query-keys";
import { listChatHistory } from "@/lib/ai/server/chat-queries";
import { aiStatus } from "@/lib/ai/server/client";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { okBody } from "@/lib/server/api/route";

export const metadata = { title: "Chat" };

export default async function ChatPage() {
  // The chats come with the page: the open conversation is its largest paint (issue #18).
  // The signed-in layout has sent a visitor home already; the user is known here.
  const user = await getRenderSessionUser();
  if (!user) return null;
  const read = () =>
    listChatHistory(user.id).then((history): PrefilledEntries => [
      [aiKeys.history(), okBody(history)],
      [aiKeys.status(), okBody(aiStatus())],
    ]);
  // ChatScreen reads ?chatId= with useSearchParams, which needs a Suspense boundary.
  return (
    <PrefilledQueries read={read}>
      <Suspense fallback={<PageSpinner label="Loading chat" />}>
        <ChatScreen />
      </Suspense>
    </PrefilledQueries>
  );
}
