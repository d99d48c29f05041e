import { describe, expect, it } from "vitest";
import { publishTargets } from "@/components/content/post-display";
import type { PostPageEntry } from "@/lib/posts/schemas";

const page = (
  pageName: string,
  status: PostPageEntry["status"],
  type: PostPageEntry["type"] = "post",
): PostPageEntry => ({
  type,
  pageId: pageName,
  platform: "facebook",
  pageName,
  status,
  publishedAt: null,
  platformPostUrl: null,
  error: null,
  removedAt: null,
});

describe("publishTargets: what a Publish from the list sends", () => {
  it("a draft goes to all its pages", () => {
    expect(publishTargets({ pages: [page("North", "pending"), page("South", "pending")] })).toEqual({
      toSend: ["North", "South"],
      alreadyOut: [],
    });
  });

  it("a failed post goes only where it did not go out; a page posted to and shared on is named once", () => {
    const pages = [
      page("North", "published"),
      page("South", "failed"),
      page("North", "published", "share"),
      page("East", "pending"),
    ];
    expect(publishTargets({ pages })).toEqual({ toSend: ["South", "East"], alreadyOut: ["North"] });
  });
});
