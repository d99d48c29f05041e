import { createWorkspace, PERSONAL_WORKSPACE_NAME } from "@/lib/workspaces/server/workspaces";
import NextAuth, { CredentialsSignin } from "next-auth";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import type { Adapter } from "next-auth/adapters";
import Credentials from "next-auth/providers/credentials";
import Facebook from "next-auth/providers/facebook";
import Google from "next-auth/providers/google";
import { db } from "@/db";
import { accounts, sessions, users, verificationTokens } from "@/db/schema";
import { env, isHttps } from "@/lib/server/env";
import { client as facebookClient, endpoints as facebookEndpoints } from "@/lib/networks/facebook/server/endpoints";
import { endpoints, googleClient } from "@/lib/server/endpoints";
import { ACCOUNT_NOT_LINKED_URL, wouldLinkByEmail } from "./account-linking";
import { verifyLoginProof } from "./login-proof";
import { getUserById } from "./service";
import {
  createUserSession,
  extendUserSession,
  isSessionActive,
  revokeSession,
  SESSION_MAX_AGE_SECONDS,
} from "./user-sessions";

declare module "next-auth" {
  interface Session {
    /** The server-side session (user_sessions.id) the cookie belongs to. */
    sessionId?: string;
  }
}

/**
 * next-auth (Auth.js v5) owns the session cookie and the Google/Facebook sign-in dance. Sessions are
 * JWTs (the credentials provider requires it); OAuth users and their links live in Postgres through
 * the Drizzle adapter. Our own JSON endpoints (/api/auth/login, register, …) call signIn/signOut.
 */

/**
 * Google's and Facebook's sign-in tokens are not needed once the user is identified, so they are
 * never stored (publishing tokens are a different thing: lib/social keeps those, encrypted).
 */
function signInOnlyAdapter(): Adapter {
  const adapter = DrizzleAdapter(db, {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
  });
  return {
    ...adapter,
    // A user first signing in with Google or Facebook starts with a personal workspace on the Free
    // plan, as one who registers.
    createUser: async (user) => {
      const created = await adapter.createUser!(user);
      await createWorkspace(created.id, { id: created.id, name: PERSONAL_WORKSPACE_NAME });
      return created;
    },
    linkAccount: (account) =>
      adapter.linkAccount!({ ...account, access_token: undefined, refresh_token: undefined, id_token: undefined }),
  };
}

const CLIENT_ERRORS = new Set([
  "UnknownAction",
  "MissingCSRF",
  "InvalidProvider",
  "InvalidCheck",
  "InvalidCallbackUrl",
]);

const facebookGraph = `${facebookEndpoints.graph}/${facebookEndpoints.graphVersion}`;

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
  secret: env.AUTH_SECRET,
  trustHost: true,
  useSecureCookies: isHttps,
  adapter: signInOnlyAdapter(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 24 * 60 * 60 },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    Credentials({
      credentials: { proof: {} },
      async authorize(credentials) {
        const userId = verifyLoginProof(String(credentials.proof ?? ""));
        const user = userId ? await getUserById(userId) : null;
        if (!user) throw new CredentialsSignin();
        return { id: user.id, name: user.name, email: user.email, image: user.image };
      },
    }),
    Google({
      clientId: googleClient.clientId,
      clientSecret: googleClient.clientSecret,
      issuer: endpoints.googleIssuer,
      checks: ["pkce", "state", "nonce"],
      // Links by e-mail only when this sign-in's `email_verified` is true: see callbacks.signIn.
      allowDangerousEmailAccountLinking: true,
    }),
    Facebook({
      clientId: facebookClient.clientId,
      clientSecret: facebookClient.clientSecret,
      authorization: {
        url: `${facebookEndpoints.www}/${facebookEndpoints.graphVersion}/dialog/oauth`,
        params: { scope: "email,public_profile" },
      },
      token: `${facebookGraph}/oauth/access_token`,
      userinfo: {
        url: `${facebookGraph}/me?fields=id,name,email,picture`,
        async request({ tokens }: { tokens: { access_token?: string } }) {
          const response = await fetch(`${facebookGraph}/me?fields=id,name,email,picture`, {
            headers: { Authorization: `Bearer ${tokens.access_token ?? ""}` },
          });
          return response.json();
        },
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      // Facebook does not vouch for e-mail addresses: an existing account with the same address is
      // never linked automatically (next-auth answers OAuthAccountNotLinked; see account-linking.ts).
      allowDangerousEmailAccountLinking: false,
    }),
  ],
  callbacks: {
    async signIn({ account, profile }) {
      if (account?.provider !== "google" || profile?.email_verified === true) return true;
      const email = typeof profile?.email === "string" ? profile.email : "";
      if (!email || !(await wouldLinkByEmail(account.provider, account.providerAccountId, email))) return true;
      // Someone already signed in is linking this Google account to themselves: next-auth does that.
      if ((await auth())?.user?.id) return true;
      return ACCOUNT_NOT_LINKED_URL;
    },
    // Every sign-in (password, Google, Facebook) starts a server-side session whose id rides in the
    // token; a token whose session was revoked is refused here too (returning null clears the
    // cookie), so next-auth's own reads and the refresh-token route cannot revive it.
    async jwt({ token, user, trigger }) {
      if (user?.id) {
        token.sub = user.id;
        token.sid = await createUserSession(user.id);
        return token;
      }
      if (typeof token.sid !== "string" || !token.sub || !(await isSessionActive(token.sid, token.sub))) return null;
      if (trigger === "update") await extendUserSession(token.sid);
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (typeof token.sid === "string") session.sessionId = token.sid;
      return session;
    },
  },
  events: {
    // next-auth's own sign-out (POST /api/auth/signout) ends the server-side session as ours does.
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await revokeSession(sid);
    },
  },
  logger: {
    // A wrong password is a normal event, not a server error worth a stack trace.
    error(error) {
      // Likewise a forged or expired session cookie: the request is simply treated as signed out.
      const type = (error as { type?: string }).type ?? error.name;
      // And a sign-in refused because the e-mail belongs to an account it may not be linked to.
      if (type === "CredentialsSignin" || type === "JWTSessionError" || type === "OAuthAccountNotLinked") return;
      // A malformed request to next-auth's own endpoints (an unknown action, no CSRF token, a method
      // it does not serve) is the client's doing: one line, no stack, so junk cannot flood the log.
      if (CLIENT_ERRORS.has(type)) return console.warn(`[auth] refused: ${type}: ${error.message.split(".")[0]}`);
      console.error("[auth]", error);
    },
  },
});
