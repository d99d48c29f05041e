/** TanStack Query keys of the approval setting, in a module without React, so the editor's page answers them too. */
export const approvalKeys = {
  setting: (workspaceId: string) => ["approvals", "setting", workspaceId] as const,
  reviewLinks: (workspaceId: string) => ["approvals", "review-links", workspaceId] as const,
};
