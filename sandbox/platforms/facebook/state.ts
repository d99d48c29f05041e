import { numericId } from "../../ids";
import type { SandboxStore } from "../../state";
import { defineSlice } from "../../state";

/**
 * The Facebook people and Pages the sandbox knows. Tests define a user and their Pages through
 * POST /_control/facebook/users; that user is the one the next consent screen shows. Without one,
 * a default user who manages one Page is used, so a developer can click through with no setup.
 */

export const ALL_PAGE_TASKS = ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"];

export interface FacebookUser {
  id: string;
  name: string;
  /** null: a Facebook account without a confirmed e-mail, which real apps must cope with. */
  email: string | null;
}

export interface FacebookPage {
  id: string;
  ownerId: string;
  name: string;
  category: string;
  categoryList: { id: string; name: string }[];
  fanCount: number;
  tasks: string[];
  pictureUrl: string | null;
}

interface FacebookState {
  users: Map<string, FacebookUser>;
  pages: Map<string, FacebookPage>;
  nextUserId: string | null;
}

export const facebookState = defineSlice<FacebookState>(
  "facebook",
  () => ({ users: new Map(), pages: new Map(), nextUserId: null }),
  (state) => ({
    nextUserId: state.nextUserId,
    users: [...state.users.values()].map((user) => ({
      ...user,
      pageIds: pagesOf(state, user.id).map((page) => page.id),
    })),
    pages: [...state.pages.values()],
  }),
);

/** Facebook ids are long decimal strings, derived so the same input gives the same id. */
export { numericId };

export function categoryList(category: string): { id: string; name: string }[] {
  return [{ id: numericId(`category:${category}`, 16), name: category }];
}

export function pagesOf(state: FacebookState, userId: string): FacebookPage[] {
  return [...state.pages.values()].filter((page) => page.ownerId === userId);
}

export interface PageDefinition {
  id: string;
  name: string;
  category: string;
  categoryList?: { id: string; name: string }[];
  fanCount: number;
  tasks: string[];
  pictureUrl?: string | null;
}

/** Replaces the user and the Pages they manage, and makes them the next consent's user. */
export function defineFacebookUser(store: SandboxStore, user: FacebookUser, pages: PageDefinition[]): FacebookPage[] {
  const state = store.slice(facebookState);
  state.users.set(user.id, user);
  for (const page of pagesOf(state, user.id)) state.pages.delete(page.id);
  const defined = pages.map((page) => ({
    id: page.id,
    ownerId: user.id,
    name: page.name,
    category: page.category,
    categoryList: page.categoryList ?? categoryList(page.category),
    fanCount: page.fanCount,
    tasks: page.tasks,
    pictureUrl: page.pictureUrl ?? null,
  }));
  for (const page of defined) state.pages.set(page.id, page);
  state.nextUserId = user.id;
  return defined;
}

const DEFAULT_USER: FacebookUser = {
  id: numericId("sandbox.fb.user@example.com"),
  name: "Sandbox User",
  email: "sandbox.fb.user@example.com",
};
const DEFAULT_PAGES: PageDefinition[] = [
  {
    id: numericId("page:Sandbox Bakery", 15),
    name: "Sandbox Bakery",
    category: "Bakery",
    fanCount: 1280,
    tasks: ALL_PAGE_TASKS,
  },
];

/** The user the consent screen shows: the last one defined, else the default one. */
export function consentUser(store: SandboxStore): FacebookUser {
  const state = store.slice(facebookState);
  const defined = state.nextUserId ? state.users.get(state.nextUserId) : undefined;
  if (defined) return defined;
  defineFacebookUser(store, { ...DEFAULT_USER }, DEFAULT_PAGES);
  return state.users.get(DEFAULT_USER.id) ?? DEFAULT_USER;
}
