import { initials } from "@/lib/format";

/**
 * The signed-in user's initials in a circle: what the user menu's button shows. A plain span (no
 * picture to wait for, so no Radix Avatar), the same in the button's stand-in and in the menu.
 */
export function UserAvatar({ name }: { name: string }) {
  return (
    <span
      data-slot="avatar"
      className="bg-muted relative flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full text-sm font-medium"
    >
      {initials(name)}
    </span>
  );
}

/** The menu button's accessible name, starting with the initials it shows (WCAG 2.5.3, label in name). */
export const userMenuLabel = (name: string) => `${initials(name)}, ${name}: account menu`;
