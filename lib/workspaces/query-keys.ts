/** TanStack Query keys of the workspace API, shared by the browser's hooks and the server's pages. */
export const workspaceKeys = {
  all: ["workspaces"] as const,
  team: (workspaceId: string) => [...workspaceKeys.all, workspaceId, "team"] as const,
};
