import { numericId } from "../../ids";
import { defineSlice, type SandboxStore } from "../../state";

/**
 * The X accounts the sandbox knows. Tests define the next consent's account through
 * POST /_control/twitter/users; without one the screen offers a default account, so a developer
 * can click through with no setup. An account is found by its username (case-insensitive, as on
 * X), so the same username always comes back as the same user id.
 */

export interface TwitterUser {
  id: string;
  name: string;
  username: string;
  followersCount: number;
  followingCount: number;
  tweetCount: number;
  listedCount: number;
  createdAt: string;
}

interface TwitterState {
  users: Map<string, TwitterUser>;
  /** The account the next consent screen offers. */
  nextUserId: string | null;
}

export const twitterState = defineSlice<TwitterState>(
  "twitter",
  () => ({ users: new Map(), nextUserId: null }),
  (state) => ({ nextUserId: state.nextUserId, users: [...state.users.values()] }),
);

export const DEFAULT_TWITTER_IDENTITY = { name: "Sandbox Tweeter", username: "sandboxtweeter" };
export const DEFAULT_TWITTER_COUNTS = { followersCount: 1234, followingCount: 321, tweetCount: 56, listedCount: 7 };

/** 1–15 letters, digits or underscores: X's own username rule. */
export const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

/** X ids are 19-digit snowflakes for today's accounts; derived from the username so they are stable. */
export function twitterUserId(username: string): string {
  return numericId(`x:${username.toLowerCase()}`, 19);
}

export function findByUsername(store: SandboxStore, username: string): TwitterUser | undefined {
  const wanted = username.toLowerCase();
  return [...store.slice(twitterState).users.values()].find((user) => user.username.toLowerCase() === wanted);
}

export type TwitterUserInput = Partial<Omit<TwitterUser, "createdAt">>;

/** Stores the account (replacing any other holding its username) and offers it at the next consent. */
export function defineTwitterUser(store: SandboxStore, input: TwitterUserInput): TwitterUser {
  const state = store.slice(twitterState);
  const username = input.username ?? DEFAULT_TWITTER_IDENTITY.username;
  const holder = findByUsername(store, username);
  const id = input.id ?? holder?.id ?? twitterUserId(username);
  // Usernames are unique on X: a username given to another id leaves its old account.
  if (holder && holder.id !== id) state.users.delete(holder.id);
  const previous = state.users.get(id);
  const user: TwitterUser = {
    ...DEFAULT_TWITTER_COUNTS,
    ...(previous ? { ...previous } : {}),
    ...withoutUndefined(input),
    id,
    name: input.name ?? previous?.name ?? DEFAULT_TWITTER_IDENTITY.name,
    username,
    createdAt: previous?.createdAt ?? new Date(store.now()).toISOString(),
  };
  state.users.set(id, user);
  state.nextUserId = id;
  return user;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/** What the consent screen prefills: the defined account, else the default one. */
export function consentIdentity(store: SandboxStore): { name: string; username: string } {
  const state = store.slice(twitterState);
  const next = state.nextUserId ? state.users.get(state.nextUserId) : undefined;
  return next ? { name: next.name, username: next.username } : DEFAULT_TWITTER_IDENTITY;
}

/** The account a consent was given for: the known one with that username (renamed if need be), or a new one. */
export function accountForConsent(store: SandboxStore, name: string, username: string): TwitterUser {
  const known = findByUsername(store, username);
  if (known) {
    known.name = name;
    return known;
  }
  const user: TwitterUser = {
    ...DEFAULT_TWITTER_COUNTS,
    id: twitterUserId(username),
    name,
    username,
    createdAt: new Date(store.now()).toISOString(),
  };
  store.slice(twitterState).users.set(user.id, user);
  return user;
}
