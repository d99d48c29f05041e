import { describe, expect, it } from "vitest";
import {
  NO_TEXT_POST,
  destinationsOf,
  firstLine,
  postShortName,
  postTitle,
  showsMetrics,
} from "@/components/content/post-display";
import { filterPageOptions, needsPageSearch, type PageOptionGroup } from "@/components/post-editor/page-options";
import type { PostPageEntry } from "@/lib/posts/schemas";

describe("postTitle: how a post is listed", () => {
  it("uses the title, trimmed, when there is one", () => {
    expect(postTitle({ title: "  Weekend menu ", content: "Rye is back" })).toBe("Weekend menu");
  });

  it("otherwise the first line with text, never 'Untitled Post'", () => {
    expect(postTitle({ title: null, content: "\n  \n  Rye is back  \nOn Saturday" })).toBe("Rye is back");
    expect(postTitle({ title: "   ", content: "# Weekend menu\n\nSourdough" })).toBe("# Weekend menu");
    expect(postTitle({ title: null, content: "  \n " })).toBe(NO_TEXT_POST);
    expect(postTitle({ title: null, content: "" })).not.toMatch(/untitled/i);
  });

  it("cuts a long first line at a word, with an ellipsis", () => {
    const line = `${"word ".repeat(30)}end`;
    const shown = firstLine(line);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(101);
    expect(shown.slice(0, -1)).toBe(shown.slice(0, -1).trimEnd());
    expect(line.startsWith(shown.slice(0, -1))).toBe(true);
    expect(shown.slice(0, -1).endsWith("word")).toBe(true);
  });

  it("postShortName takes the first words of the first line only", () => {
    expect(postShortName({ title: null, content: "First loaf\nSecond line" })).toBe("First loaf");
    expect(postShortName({ title: null, content: "one two three four five six seven eight nine" })).toBe(
      "one two three four five six seven eight…",
    );
    expect(postShortName({ title: "Menu", content: "x" })).toBe("Menu");
  });
});

const entry = (
  pageName: string,
  type: PostPageEntry["type"],
  status: PostPageEntry["status"] = "pending",
): PostPageEntry => ({
  type,
  pageId: pageName.toLowerCase(),
  platform: "facebook",
  pageName,
  status,
  publishedAt: null,
  platformPostUrl: null,
  error: null,
  removedAt: null,
});

describe("the content list's destinations and metrics", () => {
  it("names each page once, posts first, reshares apart", () => {
    const { postsTo, resharesFrom } = destinationsOf({
      pages: [entry("North", "post"), entry("South", "post"), entry("North", "post"), entry("East", "share")],
    });
    expect(postsTo.map((page) => page.name)).toEqual(["North", "South"]);
    expect(resharesFrom.map((page) => page.name)).toEqual(["East"]);
  });

  it("shows metrics only for a post that went out", () => {
    const published = [entry("North", "post", "published")];
    expect(showsMetrics({ status: "published", platform: null, pages: published })).toBe(true);
    expect(showsMetrics({ status: "failed", platform: null, pages: published })).toBe(true);
    expect(showsMetrics({ status: "failed", platform: null, pages: [entry("North", "post", "failed")] })).toBe(false);
    expect(showsMetrics({ status: "draft", platform: null, pages: [entry("North", "post")] })).toBe(false);
    expect(showsMetrics({ status: "scheduled", platform: null, pages: [entry("North", "post")] })).toBe(false);
  });
});

describe("page search in the pickers", () => {
  const group = (key: string, names: string[]): PageOptionGroup => ({
    key,
    label: key,
    platform: "facebook",
    pages: names.map((name) => ({
      id: `${key}-${name}`,
      name,
      platform: "facebook",
      picture: null,
      hasValidToken: true,
      connected: true,
    })),
  });
  const many = group("facebook", ["Bakery North", "Bakery South", "Cafe", "Deli", "Eatery", "Farm", "Grill"]);
  const few = group("linkedin", ["Acme Corp"]);

  it("appears when a network has more than six pages", () => {
    expect(needsPageSearch([few])).toBe(false);
    expect(needsPageSearch([few, group("x", ["a", "b", "c", "d", "e", "f"])])).toBe(false);
    expect(needsPageSearch([few, many])).toBe(true);
  });

  it("matches names in any case, keeps chosen pages and drops emptied networks", () => {
    const shown = filterPageOptions([many, few], "  bakery ", ["facebook-Grill"]);
    expect(shown.map((item) => item.key)).toEqual(["facebook"]);
    expect(shown[0]!.pages.map((page) => page.name)).toEqual(["Bakery North", "Bakery South", "Grill"]);
    expect(filterPageOptions([many, few], "", [])).toHaveLength(2);
    expect(filterPageOptions([many, few], "nothing", [])).toEqual([]);
  });
});
