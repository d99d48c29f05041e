/** A page's URL query as Next hands it to a server page. */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter (`?a=1&a=2` gives "1"), or null without one. */
export function firstParam(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Every value of a query parameter (`?a=1&a=2` gives ["1", "2"]), or none. */
export function allParams(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
