export const mainNavItems = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/content", label: "Content" },
  { href: "/schedule", label: "Schedule" },
  { href: "/analytics", label: "Analytics" },
] as const;

export const userMenuItems = [
  { href: "/settings", label: "Settings" },
  { href: "/billing", label: "Billing" },
] as const;
