/** An invitation token as links carry it (base64url): anything else is never looked up or passed on. */
export function inviteTokenOrNull(value: string | null | undefined): string | null {
  return value && /^[\w-]{20,200}$/.test(value) ? value : null;
}
