import { z } from "zod";
import { json, type SandboxResponse } from "../../responses";
import type { RequestContext, Router } from "../../router";
import { ALL_PAGE_TASKS, defineFacebookUser, facebookState, numericId } from "./state";

/**
 * Test controls for Facebook, under /_control/facebook. Bodies use Graph's own field names
 * (fan_count, category_list) so a fixture reads like the API response it produces.
 */

const pageSchema = z.object({
  id: z.string().regex(/^\d+$/, "Page ids are digits").optional(),
  name: z.string().trim().min(1),
  category: z.string().trim().min(1).default("Brand"),
  category_list: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  fan_count: z.number().int().nonnegative().default(0),
  tasks: z.array(z.enum(ALL_PAGE_TASKS as [string, ...string[]])).default(ALL_PAGE_TASKS),
  picture_url: z.url().optional(),
});

const userSchema = z.object({
  id: z.string().regex(/^\d+$/, "User ids are digits").optional(),
  name: z.string().trim().min(1).default("Sandbox User"),
  /** null: the account has no e-mail, so Graph leaves the field out. */
  email: z.email().nullable().optional(),
  pages: z.array(pageSchema).default([]),
});

const invalid = (message: string) => json(400, { error: "invalid_request", message });

async function defineUser(ctx: RequestContext): Promise<SandboxResponse> {
  const parsed = userSchema.safeParse(await ctx.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalid(issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid body");
  }
  const input = parsed.data;
  const id = input.id ?? numericId(`user:${input.email ?? input.name}`);
  const email = input.email === undefined ? `fb.${id}@example.com` : input.email;
  const pages = defineFacebookUser(
    ctx.store,
    { id, name: input.name, email },
    input.pages.map((page) => ({
      id: page.id ?? numericId(`page:${id}:${page.name}`, 15),
      name: page.name,
      category: page.category,
      categoryList: page.category_list,
      fanCount: page.fan_count,
      tasks: page.tasks,
      pictureUrl: page.picture_url ?? null,
    })),
  );
  return json(201, { user: { id, name: input.name, email }, pages });
}

function expirePageTokens(ctx: RequestContext): SandboxResponse {
  const pageId = ctx.params.pageId ?? "";
  const known = ctx.store.slice(facebookState).pages.has(pageId);
  const expired = ctx.store.expireTokens(
    (token) => token.platform === "facebook" && token.kind === "page" && token.subject === pageId,
  );
  if (!known && expired === 0) return json(404, { error: "not_found", message: `No Facebook Page ${pageId}` });
  return json(200, { pageId, expiredTokens: expired });
}

function expireUserTokens(ctx: RequestContext): SandboxResponse {
  const userId = ctx.params.userId ?? "";
  const known = ctx.store.slice(facebookState).users.has(userId);
  const expired = ctx.store.expireTokens(
    (token) => token.platform === "facebook" && token.kind === "user" && token.subject === userId,
  );
  if (!known && expired === 0) return json(404, { error: "not_found", message: `No Facebook user ${userId}` });
  return json(200, { userId, expiredTokens: expired });
}

export function registerFacebookControl(router: Router): void {
  router
    .post("/_control/facebook/users", defineUser)
    .post("/_control/facebook/pages/:pageId/expire-token", expirePageTokens)
    .post("/_control/facebook/users/:userId/expire-token", expireUserTokens);
}
