/** TanStack Query keys of the social API, shared by the browser's hooks and the server's pages. */
export const socialKeys = {
  all: ["social"] as const,
  accounts: () => [...socialKeys.all, "accounts"] as const,
};
