import type { WorkspaceSummary } from "@/lib/workspaces/schemas";
import type { HttpClient } from "@/lib/client/http";
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  LoginInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  PublicUser,
  RegisterInput,
  UpdateProfileInput,
} from "@/lib/auth/schemas";
import type { PostCounts } from "@/lib/posts/schemas";
import type { AccountGroup, AccountStats } from "@/lib/social/schemas";

/** The browser's calls to /api/auth and /api/social/auth (spec section 7). */

export interface SessionData {
  user: PublicUser;
  workspace: WorkspaceSummary;
  workspaces: WorkspaceSummary[];
  socialAccounts: AccountGroup[];
  stats: AccountStats;
  postCounts: PostCounts;
  /** Signed in before this session: the dashboard says 'Welcome back' (lib/auth/server/session-summary.ts). */
  returning: boolean;
}

export const AUTH_CHECK_TIMEOUT_MS = 3_000;

/** The workspace new pages open in; answers the session in it. */
export function switchWorkspace(client: HttpClient, workspaceId: string) {
  return client.post<SessionData & { success: true }>("/workspaces/switch", { workspaceId });
}

export function fetchMe(client: HttpClient, signal?: AbortSignal) {
  return client.get<SessionData & { success: true }>("/auth/me", { skipAuthRefresh: true, signal });
}

export function fetchUserFallback(client: HttpClient) {
  return client.get<SessionData & { success: true }>("/auth/user", { skipAuthRefresh: true });
}

/**
 * The session on page load: /auth/me with a 3 s limit. A failure or timeout means visitor now;
 * `onLateSession` is then called if the secondary endpoint finds a session after all.
 */
export async function loadSession(
  client: HttpClient,
  onLateSession: (data: SessionData) => void,
  timeoutMs = AUTH_CHECK_TIMEOUT_MS,
): Promise<SessionData | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("Auth timeout")), timeoutMs);
  try {
    return await fetchMe(client, controller.signal);
  } catch {
    void fetchUserFallback(client).then(onLateSession, () => undefined);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export const login = (client: HttpClient, input: LoginInput) =>
  client.post<{ success: true; user: PublicUser }>("/auth/login", input);

export const register = (client: HttpClient, input: RegisterInput) =>
  client.post<{ success: true; user: PublicUser }>("/auth/register", input);

/**
 * The spec's fallback GET is still tried when the POST fails, but it ends no session (a GET changes
 * nothing on the server); the caller clears the local session either way.
 */
export async function logout(client: HttpClient): Promise<void> {
  try {
    await client.post("/auth/logout");
  } catch {
    await client.get("/auth/logout").catch(() => undefined);
  }
}

/** Ends every session of the user, this one included (Settings › Security). */
export const logoutEverywhere = (client: HttpClient) =>
  client.post<{ success: true; message: string }>("/auth/logout-everywhere");

export const changePassword = (client: HttpClient, input: ChangePasswordInput) =>
  client.put<{ success: true; message: string }>("/auth/password", input);

export const requestPasswordReset = (client: HttpClient, input: PasswordResetRequestInput) =>
  client.post<{ success: true; message: string }>("/auth/password-reset", input);

export const resetPassword = (client: HttpClient, input: PasswordResetInput) =>
  client.post<{ success: true; message: string }>("/auth/password-reset/confirm", input);

export async function oauthSignInUrl(client: HttpClient, platform: "google" | "facebook", intent: "login" | "signup") {
  const response = await client.get<{ success: boolean; data?: { authUrl?: unknown } }>(
    `/social/auth/${platform}/url`,
    {
      query: { intent },
    },
  );
  const authUrl = response.data?.authUrl;
  if (!response.success || typeof authUrl !== "string") throw new Error("Invalid OAuth URL response");
  return authUrl;
}

/** Settings › Profile: name and/or e-mail (with the current password for a new e-mail). */
export const updateProfile = (client: HttpClient, input: UpdateProfileInput) =>
  client.patch<{ success: true; data: PublicUser; message: string }>("/auth/profile", input);

/** Deletes the account and everything in it; the session ends with it. */
export const deleteAccount = (client: HttpClient, input: DeleteAccountInput) =>
  client.delete<{ success: true; message: string }>("/auth/account", input);
