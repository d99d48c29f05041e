import { ContentView } from "@/components/content/content-view";
import { PrefilledQueries, type PrefilledEntries } from "@/components/providers/prefilled-queries";
import { getRenderActor } from "@/lib/auth/server/render-session";
import { CONTENT_PAGE_SIZE, contentListKeys, FIRST_CONTENT_LIST } from "@/lib/posts/query-keys";
import { listPostsQuerySchema } from "@/lib/posts/schemas";
import { listPosts } from "@/lib/posts/server/queries";
import { okBody } from "@/lib/server/api/route";
import { parseJsonText } from "@/lib/server/json-text";
import { firstParam, type PageSearchParams } from "@/lib/server/page-params";

export const metadata = { title: "Content" };

/**
 * The list's first page is answered here, with the page, as GET /api/post answers the
 * same key: the browser shows it as it hydrates instead of re-rendering the list when it arrives.
 */
async function contentQueries(workspaceId: string): Promise<PrefilledEntries> {
  const list = await listPosts(
    workspaceId,
    listPostsQuerySchema.parse({
      page: FIRST_CONTENT_LIST.page,
      limit: CONTENT_PAGE_SIZE,
      sort: FIRST_CONTENT_LIST.sort,
    }),
  );
  return [[contentListKeys.list(FIRST_CONTENT_LIST), okBody({ ...list, posts: parseJsonText(list.posts) })]];
}

export default async function ContentPage({ searchParams }: { searchParams: PageSearchParams }) {
  // The signed-in layout has sent a visitor home already; the person is known here.
  const actor = await getRenderActor();
  if (!actor) return null;
  // ?highlight= is read here, not with useSearchParams in the browser: that needs a Suspense
  // boundary, which the server streams apart from the page (docs/decisions/0045-query-parameters-read-on-the-server.md).
  const highlight = firstParam((await searchParams).highlight);
  return (
    <PrefilledQueries workspaceId={actor.workspaceId} read={() => contentQueries(actor.workspaceId)}>
      <ContentView highlight={highlight} />
    </PrefilledQueries>
  );
}
