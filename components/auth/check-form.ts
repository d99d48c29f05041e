import type { ZodType } from "zod";
import { NETWORK_ERROR_MESSAGE } from "@/lib/client/http";

type AuthSchemas = typeof import("@/lib/auth/schemas");

/**
 * The server's own schemas, with zod: loaded when a sign-in form is first used rather than with the
 * page. Zod is about 30 KiB compressed, an eighth of a sign-in page's first load, and Lighthouse
 * counts every script a page asks for before its first paint as needed for it.
 */
const loadSchemas = () => import("@/lib/auth/schemas");

/** Starts loading the schemas (a form's first focus or press), so its submit does not wait for them. */
export function warmFormSchemas(): void {
  void loadSchemas().catch(() => undefined);
}

/** A form's values checked with one of the schemas: the parsed data, or the first problem's message. */
export async function checkForm<T>(
  pick: (schemas: AuthSchemas) => ZodType<T>,
  input: unknown,
  fallback: string,
): Promise<{ data: T; error?: undefined } | { error: string }> {
  let schema: ZodType<T>;
  try {
    schema = pick(await loadSchemas());
  } catch {
    return { error: NETWORK_ERROR_MESSAGE };
  }
  const parsed = schema.safeParse(input);
  return parsed.success ? { data: parsed.data } : { error: parsed.error.issues[0]?.message ?? fallback };
}
