/**
 * Pure display helpers shared by client components (spec section 9: follower abbreviation and
 * relative sync time). No I/O, no React: safe anywhere and unit-tested in tests/unit/format.test.ts.
 */

const THOUSAND = 1_000;
const MILLION = 1_000_000;

/** One decimal at most, trailing ".0" dropped: 1.0 → "1", 1.5 → "1.5". */
function oneDecimal(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** 999 → "999", 1000 → "1K", 1500 → "1.5K", 1_500_000 → "1.5M" (K from 1,000, M from 1,000,000). */
export function abbreviateNumber(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  if (abs < THOUSAND) return `${sign}${Math.round(abs)}`;
  // 999,950 rounds to "1000K": show it as "1M" instead.
  if (abs < MILLION && Math.round((abs / THOUSAND) * 10) / 10 < THOUSAND)
    return `${sign}${oneDecimal(abs / THOUSAND)}K`;
  return `${sign}${oneDecimal(abs / MILLION)}M`;
}

/** "1 follower", "1.5K followers": an abbreviated count with its noun, plural unless exactly one. */
export function formatCount(n: number, singular: string, plural = `${singular}s`): string {
  return `${abbreviateNumber(n)} ${n === 1 ? singular : plural}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 'Never' for null; under 1 min 'Just now'; under 60 min 'Nm ago'; under 24 h 'Nh ago'; else 'Nd ago'. */
export function relativeSyncTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return "Never";
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "Never";
  // A clock slightly ahead of ours still means "just now", never "-1m ago".
  const elapsed = Math.max(0, now.getTime() - then);
  if (elapsed < MINUTE_MS) return "Just now";
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

/** Up to two initials for a picture placeholder: "Acme Coffee Roasters" → "AR", "acme" → "AC". */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const first = parts[0];
  const last = parts.at(-1);
  if (!first || !last) return "?";
  return (parts.length > 1 ? `${first.charAt(0)}${last.charAt(0)}` : first.slice(0, 2)).toUpperCase();
}

/** The first `limit` items and how many are left over, for chip lists ending in '+N more'. */
export function splitVisible<T>(items: readonly T[], limit = 3): { visible: T[]; hidden: number } {
  return { visible: items.slice(0, limit), hidden: Math.max(0, items.length - limit) };
}

/**
 * One formatter per locale and options, made on first use and kept: making one costs far more than
 * formatting with it, and lists format a value per row (a month's calendar 42 day names; issue
 * #18). Never made when a module loads: the page's first Intl object of any kind loads the
 * runtime's locale data (about 9 ms on this machine, four times that on Lighthouse's phone), which
 * a module-level formatter put into every signed-in page's script evaluation, one of its long
 * tasks. `locale` undefined is the runtime's own (the browser's language).
 */
function formatterCache<Options, Formatter>(make: (locale: string | undefined, options: Options) => Formatter) {
  const made = new Map<string, Formatter>();
  return (locale: string | undefined, options: Options): Formatter => {
    const key = `${locale ?? ""}|${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (!formatter) {
      formatter = make(locale, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

/**
 * Times are on the 24-hour clock wherever they are shown, as every time picker of the app is (its
 * hour lists run 0–23, its suggested times read "Prime Time 20:00"): a 12-hour summary under a
 * 24-hour picker made people read 20:00 as "8:00 PM" and wonder which was meant.
 */
const showsTime = (options: Intl.DateTimeFormatOptions) =>
  options.hour !== undefined || options.timeStyle !== undefined;

export const dateTimeFormat = formatterCache(
  (locale, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(
      locale,
      showsTime(options) && options.hourCycle === undefined && options.hour12 === undefined
        ? { ...options, hourCycle: "h23" }
        : options,
    ),
);

/** Date and time in the browser's language and zone, on the 24-hour clock ("Dec 4, 2026, 20:00"). */
export function formatDateAndTime(iso: string, locale?: string): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

const cachedNumberFormat = formatterCache(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cachedNumberFormat(locale, options);
}

/** An instant as the wall clock of `timeZone` shows it, the zone named ('Fri, Dec 4, 2026, 9:00 AM GMT+1'). */
export function formatInZone(iso: string, timeZone: string, { weekday = false } = {}): string {
  return dateTimeFormat("en-US", {
    ...(weekday ? { weekday: "short" as const } : {}),
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(iso));
}
