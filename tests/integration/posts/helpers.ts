import { expect } from "vitest";
import { registeredClient } from "../../fixtures/api-client";
import { connectFacebook, type ConnectedAccountBody } from "../../fixtures/social";

/** What the posts' tests share: a user with two Facebook Pages, and drafts saved through the API. */

export type Client = Awaited<ReturnType<typeof registeredClient>>["client"];

export interface PostBody {
  id: string;
  status: string;
  content: string;
  pages: { pageId: string; type: string; platform: string; pageName: string; status: string }[];
}

export async function userWithPages() {
  const registered = await registeredClient();
  const { account } = await connectFacebook(registered.client, (ids) => ids.slice(0, 2));
  return { ...registered, account, pages: account.pages };
}

export const entry = (page: ConnectedAccountBody["pages"][number], type: "post" | "share" = "post") => ({
  type,
  pageId: page.id,
  platform: "facebook",
});

export async function createDraft(
  client: Client,
  pages: ConnectedAccountBody["pages"],
  content = "Fresh bread at 7am",
) {
  const response = await client.post("/api/social/posts", { pages: pages.map((page) => entry(page)), content });
  expect(response.status, response.text).toBe(201);
  return response.body.post as PostBody;
}
