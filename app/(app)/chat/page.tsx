import { Suspense } from "react";
import type { QueryKey } from "@tanstack/react-query";
import { ChatScreen } from "@/components/ai/chat-screen";
import { PageSpinner } from "@/components/layout/page-spinner";
import { PrefilledQueries } from "@/components/providers/prefilled-queries";
import { aiKeys } from "@/lib/ai/query-keys";
import { listChatHistory } from "@/lib/ai/server/chat-queries";
import { aiStatus } from "@/lib/ai/server/client";
import { getRenderSessionUser } from "@/lib/auth/server/render-session";
import { okBody } from "@/lib/server/api/route";

export const metadata = { title: "Chat" };

export default async function ChatPage() {
  // The chats come with the page: the open conversation is its largest paint (issue #18).
  const user = await getRenderSessionUser();
  const entries: [QueryKey, unknown][] = user
    ? [
        [aiKeys.history(), okBody(await listChatHistory(user.id))],
        [aiKeys.status(), okBody(aiStatus())],
      ]
    : [];
  // ChatScreen reads ?chatId= with useSearchParams, which needs a Suspense boundary.
  return (
    <PrefilledQueries entries={entries}>
      <Suspense fallback={<PageSpinner label="Loading chat" />}>
        <ChatScreen />
      </Suspense>
    </PrefilledQueries>
  );
}
