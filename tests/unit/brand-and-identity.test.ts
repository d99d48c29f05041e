import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { accountCards, accountIdentity } from "@/components/settings/account-status";
import { buildPageOptions, initialSelection } from "@/components/post-editor/page-options";
import { platformGlyphs } from "@/components/social/brand-glyphs";
import { PlatformIcon } from "@/components/social/platform-icon";
import type { ConnectedAccount, PageSummary } from "@/lib/social/schemas";
import { socialPlatforms } from "@/lib/social/schemas";

const page = (id: string, name: string, extra: Partial<PageSummary> = {}): PageSummary => ({
  id,
  pageId: `fb-${id}`,
  accountId: "acc",
  name,
  username: null,
  profilePicture: `https://cdn.example/${id}.png`,
  category: "Bakery",
  followerCount: 1200,
  hasValidToken: true,
  permissions: [],
  platform: "facebook",
  ...extra,
});

const account = (extra: Partial<ConnectedAccount>): ConnectedAccount => ({
  _id: "acc",
  id: "acc",
  platform: "facebook",
  displayName: "Jane Doe",
  name: "Jane Doe",
  accountHandle: "jane.doe",
  profilePicture: "https://cdn.example/jane.png",
  followerCount: null,
  postCount: null,
  lastSync: null,
  tokenExpiry: null,
  hasValidToken: true,
  tokenExpiresSoon: false,
  metadata: {},
  pages: [],
  createdAt: "2026-01-01T00:00:00Z",
  ...extra,
});

describe("accountIdentity and the cards of Settings", () => {
  it("shows each Page of a Facebook login on a card of its own, naming the person only as who connected it", () => {
    const login = account({ pages: [page("p1", "Corner Bakery"), page("p2", "Night Bakery")] });
    const cards = accountCards([login, account({ id: "x1", platform: "twitter", pages: [page("p9", "ignored")] })]);
    expect(cards.map((card) => [card.key, card.page?.name ?? null])).toEqual([
      [`${login.id}:p1`, "Corner Bakery"],
      [`${login.id}:p2`, "Night Bakery"],
      ["x1", null],
    ]);
    expect(accountIdentity(login, cards[1]!.page)).toEqual({
      name: "Night Bakery",
      picture: "https://cdn.example/p2.png",
      byline: "Connected by Jane Doe",
      category: "Bakery",
      followerCount: 1200,
    });
  });

  it("keeps the profile for other networks, and for a Facebook account without pages", () => {
    const x = accountIdentity(account({ platform: "twitter", followerCount: 7, pages: [page("p1", "ignored")] }));
    expect(x).toMatchObject({
      name: "Jane Doe",
      picture: "https://cdn.example/jane.png",
      byline: null,
      followerCount: 7,
    });
    const empty = account({ metadata: { category: "Cafe" } });
    expect(accountCards([empty])).toEqual([{ key: empty.id, account: empty, page: null }]);
    expect(accountIdentity(empty)).toMatchObject({ name: "Jane Doe", byline: null, category: "Cafe" });
  });
});

describe("brand logos", () => {
  it("every network has a logo path, and LinkedIn's is its own 'in' mark", () => {
    for (const platform of socialPlatforms) expect(platformGlyphs[platform].path).toMatch(/^M[\d.]/);
    expect(platformGlyphs.twitter.title).toBe("X");
    expect(platformGlyphs.linkedin.title).toBe("LinkedIn");
  });

  it("is decorative by default and named when asked", () => {
    const hidden = renderToStaticMarkup(createElement(PlatformIcon, { platform: "facebook" }));
    expect(hidden).toContain('aria-hidden="true"');
    expect(hidden).not.toContain("role=");
    const named = renderToStaticMarkup(createElement(PlatformIcon, { platform: "linkedin", labelled: true }));
    expect(named).toMatch(/^<span role="img" aria-label="LinkedIn"/);
    expect(named).toContain(platformGlyphs.linkedin.path);
  });
});

describe("initialSelection", () => {
  const pages = [page("a", "A"), page("b", "B"), page("c", "C")];
  const groups = buildPageOptions([{ platform: "facebook", totalPages: 3, totalFollowers: 0, pages }]);
  it("preselects every page the dashboard named that exists, once", () => {
    expect(initialSelection("post", groups, undefined, ["a", "c", "zz", "a"])).toEqual(["a", "c"]);
    expect(initialSelection("post", groups, undefined, "b")).toEqual(["b"]);
    expect(initialSelection("post", groups, undefined, [])).toEqual([]);
    expect(initialSelection("share", groups, undefined, ["a"])).toEqual([]);
  });
});
