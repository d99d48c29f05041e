import { PlatformIcon } from "@/components/social/platform-icon";
import type { PostDto } from "@/lib/posts/schemas";
import { platformLabels } from "@/lib/networks/platforms";
import { destinationsOf } from "./post-display";

/** Where a draft or scheduled post will go: the pages it posts on, then the pages that reshare it. */
export function PostDestinations({ post }: { post: Pick<PostDto, "pages"> }) {
  const { postsTo, resharesFrom } = destinationsOf(post);
  if (postsTo.length === 0 && resharesFrom.length === 0) return null;
  return (
    <dl className="grid gap-2 text-sm sm:flex sm:flex-wrap sm:gap-x-6">
      {postsTo.length > 0 && <PageList label="Posts to" pages={postsTo} />}
      {resharesFrom.length > 0 && <PageList label="Reshared from" pages={resharesFrom} />}
    </dl>
  );
}

function PageList({ label, pages }: { label: string; pages: ReturnType<typeof destinationsOf>["postsTo"] }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <dt className="text-muted-foreground text-xs font-medium">{label}</dt>
      {pages.map((page) => (
        <dd
          key={page.key}
          className="inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-full border py-0.5 pr-2 pl-0.5 text-xs"
          title={`${page.name} (${platformLabels[page.platform]})`}
        >
          <PlatformIcon platform={page.platform} className="size-5 rounded-full [&_svg]:size-3" />
          <span className="truncate">{page.name}</span>
          <span className="sr-only">({platformLabels[page.platform]})</span>
        </dd>
      ))}
    </div>
  );
}
