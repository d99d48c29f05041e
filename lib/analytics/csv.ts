/**
 * CSV for the analytics exports (RFC 4180): fields with a comma, quote or line break are quoted,
 * quotes doubled. A text cell starting with = + - @ or a tab/CR is prefixed with an apostrophe, so a
 * spreadsheet never runs a post's text as a formula (OWASP "CSV Injection"). Numbers stay numbers.
 */

export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows joined with CRLF, as RFC 4180 writes them, ending with one. */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
