import { ChatScreen } from "@/components/ai/chat-screen";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { aiKeys } from "@/lib/ai/query-keys";
import { listChatHistory } from "@/lib/ai/server/chat-queries";
import { aiStatus } from "@/lib/ai/server/client";
import { getRenderActor } from "@/lib/auth/server/render-session";
import { okBody } from "@/lib/server/api/route";
import { firstParam, type PageSearchParams } from "@/lib/server/page-params";

export const metadata = { title: "Chat" };

export default async function ChatPage({ searchParams }: { searchParams: PageSearchParams }) {
  // The chats come with the page: the open conversation is its largest paint.
  // The signed-in layout has sent a visitor home already; the user is known here.
  const actor = await getRenderActor();
  if (!actor) return null;
  const read = () =>
    listChatHistory(actor.userId).then((history): PrefilledEntries => [
      [aiKeys.history(), okBody(history)],
      [aiKeys.status(), okBody(aiStatus())],
    ]);
  // ?chatId= (the widget's 'Open full chat') is read here, not with useSearchParams in the browser
  // (see app/(app)/content/page.tsx).
  const requestedId = firstParam((await searchParams).chatId);
  return (
    <PrefilledQueries workspaceId={actor.workspaceId} read={read}>
      <ChatScreen requestedId={requestedId} />
    </PrefilledQueries>
  );
}
