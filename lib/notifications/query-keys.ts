/** TanStack Query keys of the bell, in a module without React, so the signed-in layout answers them too. */
export const notificationKeys = { list: () => ["notifications"] as const };
