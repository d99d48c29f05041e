import { renderConsentPage, renderErrorPage } from "../../consent-page";
import { findClient, isValidRedirectUri, splitScopes } from "../../oauth";
import { html, redirect, withQuery } from "../../responses";
import type { RequestContext, SandboxModule } from "../../router";
import { registerFacebookBatch } from "./batch";
import { registerFacebookControl } from "./control";
import { registerFacebookFeed } from "./feed";
import { registerFacebookGraph } from "./graph";
import { registerFacebookMultiIds } from "./multi-ids";
import { registerFacebookPublish } from "./publish";
import { WWW } from "./graph-auth";
import { consentUser, facebookState, pagesOf } from "./state";
import { registerFacebookToken } from "./token";
import { registerFacebookUploads } from "./uploads";
import { facebookVideoState } from "./video-state";
import { registerFacebookVideos } from "./videos";
import { graphVersionedRouter } from "./versions";

/**
 * Facebook Login under /facebook/www (www.facebook.com) and the Graph API under /facebook/graph
 * (graph.facebook.com), any version segment (v20.0, v19.0, …) or none.
 */

const TITLE = "Log in with Facebook — Platform sandbox";
const CODE_TTL_SECONDS = 600;

const PERMISSIONS: Record<string, string> = {
  public_profile: "Your name and profile picture",
  email: "Your email address",
  pages_show_list: "Show a list of the Pages you manage",
  pages_manage_posts: "Create and manage content on your Page",
  pages_read_engagement: "Read content posted on the Page",
  pages_manage_metadata: "Manage accounts, settings and webhooks for a Page",
  pages_manage_engagement: "Create and manage comments on your Page",
  read_insights: "Read the Insights of Pages you manage",
  business_management: "Manage your business",
};

interface DialogRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  /** Always includes public_profile, which Facebook grants to every login. */
  scopes: string[];
}

type Parsed = { ok: true; request: DialogRequest } | { ok: false; error: string; description: string };

function parseDialogRequest(params: URLSearchParams): Parsed {
  const fail = (error: string, description: string): Parsed => ({ ok: false, error, description });
  const clientId = params.get("client_id");
  if (!clientId || !findClient("facebook", clientId))
    return fail("invalid_app_id", "Invalid App ID: The provided app ID does not look like a valid app ID.");
  const redirectUri = params.get("redirect_uri");
  if (!isValidRedirectUri(redirectUri))
    return fail("invalid_redirect_uri", "URL blocked: the redirect_uri is missing or is not an absolute http(s) URL.");
  const responseType = params.get("response_type") ?? "code";
  if (responseType !== "code")
    return fail("unsupported_response_type", `The sandbox only supports response_type=code, not "${responseType}".`);
  // Facebook documents commas but accepts spaces too.
  const scopes = ["public_profile", ...splitScopes(params.get("scope"), /[,\s]+/)];
  return {
    ok: true,
    request: { clientId, redirectUri, state: params.get("state") ?? undefined, scopes: [...new Set(scopes)] },
  };
}

const errorPage = (error: string, description: string) =>
  html(400, renderErrorPage(TITLE, "Facebook Login is unavailable", error, description));

/** Facebook only offers the Page picker when the app asks for Page permissions. */
const wantsPages = (scopes: string[]) =>
  scopes.some((scope) => scope.startsWith("pages_") || scope === "business_management");

function showDialog(ctx: RequestContext) {
  const parsed = parseDialogRequest(ctx.query);
  if (!parsed.ok) return errorPage(parsed.error, parsed.description);
  const { request } = parsed;
  const user = consentUser(ctx.store);
  const pages = wantsPages(request.scopes) ? pagesOf(ctx.store.slice(facebookState), user.id) : undefined;
  return html(
    200,
    renderConsentPage({
      title: TITLE,
      heading: `Continue as ${user.name}?`,
      accent: "#0866ff",
      intro: `${request.clientId} is requesting access to your Facebook account.`,
      permissions: request.scopes.map((scope) => PERMISSIONS[scope] ?? scope),
      action: `${ctx.baseUrl}/facebook/www/dialog/oauth/decision`,
      hidden: { request: ctx.query.toString(), user_id: user.id },
      identity: { name: user.name, email: user.email ?? "" },
      emailOptional: true,
      pages: pages?.map((page) => ({ id: page.id, name: page.name, checked: true })),
      optionalPermissions: request.scopes
        .filter((scope) => scope !== "public_profile")
        .map((scope) => ({ scope, label: PERMISSIONS[scope] ?? scope })),
    }),
  );
}

async function decide(ctx: RequestContext) {
  const form = await ctx.form();
  const parsed = parseDialogRequest(new URLSearchParams(form.get("request") ?? ""));
  if (!parsed.ok) return errorPage(parsed.error, parsed.description);
  const { request } = parsed;
  // Facebook's quirk: its redirects end in "#_=_". Browsers keep it; servers never see it.
  if (form.get("decision") !== "approve") {
    const denied = {
      error: "access_denied",
      error_code: "200",
      error_description: "Permissions error",
      error_reason: "user_denied",
      state: request.state,
    };
    return redirect(withQuery(request.redirectUri, denied, "#_=_"));
  }
  const state = ctx.store.slice(facebookState);
  const user = state.users.get(form.get("user_id") ?? "") ?? consentUser(ctx.store);
  const name = (form.get("name") ?? "").trim();
  const email = (form.get("email") ?? "").trim();
  if (name) user.name = name;
  user.email = email || null;

  // Every permission but public_profile can be unticked; an unticked one is declined, not granted.
  const ticked = new Set(form.getAll("permission"));
  const granted = request.scopes.filter((scope) => scope === "public_profile" || ticked.has(scope));
  const declined = request.scopes.filter((scope) => !granted.includes(scope));
  const owned = new Set(pagesOf(state, user.id).map((page) => page.id));
  const grantedPages = wantsPages(granted) ? form.getAll("page").filter((id) => owned.has(id)) : [];
  const code = ctx.store.issueCode(
    {
      platform: "facebook",
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: granted,
      subject: user.id,
      data: { pages: grantedPages.join(","), declined: declined.join(",") },
    },
    CODE_TTL_SECONDS,
    "AQ",
  );
  return redirect(withQuery(request.redirectUri, { code: code.value, state: request.state }, "#_=_"));
}

export const facebook: SandboxModule = {
  name: "facebook",
  register(router, store) {
    store.register(facebookState);
    store.register(facebookVideoState);
    router.get(`${WWW}/dialog/oauth`, showDialog).post("/facebook/www/dialog/oauth/decision", decide);
    // Every Graph answer names the version that served it (versions.ts).
    const graph = graphVersionedRouter(router);
    registerFacebookToken(graph);
    registerFacebookUploads(graph);
    registerFacebookVideos(graph);
    registerFacebookGraph(graph);
    registerFacebookPublish(graph);
    registerFacebookFeed(graph);
    registerFacebookMultiIds(graph);
    registerFacebookBatch(graph);
    registerFacebookControl(router);
  },
};
