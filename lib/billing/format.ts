/**
 * Display helpers for billing (spec section 9): the currency symbol (£ for GBP, otherwise $), money
 * from integer minor units, and storage shown in GB from 1024 MB. Pure: usable on both sides.
 */

import { numberFormat } from "@/lib/format";

const MB_PER_GB = 1024;

/** "£" for GBP, "$" for any other currency (spec section 9). */
export function currencySymbol(currency: string): string {
  return currency.toUpperCase() === "GBP" ? "£" : "$";
}

/** 1299, "GBP" → "£12.99"; -150, "USD" → "-$1.50". Amounts are whole minor units (pence, cents). */
export function formatMoney(minor: number, currency: string): string {
  const sign = minor < 0 ? "-" : "";
  const twoDecimals = numberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${sign}${currencySymbol(currency)}${twoDecimals.format(Math.abs(minor) / 100)}`;
}

/** MB as GB, two decimals: 1536 → 1.5. */
export function mbToGb(mb: number): number {
  return Math.round((mb / MB_PER_GB) * 100) / 100;
}

/** Under 1024 MB in MB, from 1024 MB in GB: 500 → "500 MB", 1024 → "1 GB", 5120 → "5 GB", 1536.4 → "1.5 GB". */
export function formatStorage(mb: number): string {
  if (mb < MB_PER_GB) return `${Math.round(mb * 10) / 10} MB`;
  return `${mbToGb(mb)} GB`;
}

/** Bytes as MB with two decimals (every limit counts 1 MB = 1024 × 1024 bytes). */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}
