/** TanStack Query keys of the activity log, comments and members, shared by the browser's hooks. */
export const activityKeys = {
  all: ["activity"] as const,
  list: (filters: { actor?: string; post?: string }) => [...activityKeys.all, "list", filters] as const,
  comments: (postId: string) => [...activityKeys.all, "comments", postId] as const,
  members: () => [...activityKeys.all, "members"] as const,
};
