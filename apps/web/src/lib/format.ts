import { formatCents } from '@postwise/shared/plans';

/** One place for how money, dates and ages read on screen (engineering.md: one lib/format). */

/** What an empty value reads as on screen, everywhere: an em dash (never "--"). */
export const EMPTY_VALUE = '—';

/**
 * Integer cents as dollars, always with two decimals ("$12.50"); a negative amount reads "−$3.20" (a minus sign,
 * as statements print it) and no amount at all as the empty value.
 */
export function money(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return EMPTY_VALUE;
  return cents < 0 ? `−${formatCents(-cents, { alwaysDecimals: true })}` : formatCents(cents, { alwaysDecimals: true });
}

/** A calendar day (YYYY-MM-DD) read at local noon, so no time zone moves it a day; anything else as an instant. */
function toDate(iso: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
}

/** "Nov 23, 2026" (or an em dash when absent). */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return EMPTY_VALUE;
  return toDate(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Nov 23, 2026, 7:30 AM". */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return EMPTY_VALUE;
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "October 2026" for the month a period or report starts on (YYYY-MM-DD, in UTC as the server closes them). */
export function monthYear(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A duration in seconds as the largest whole unit: "45 min", "3 h", "2 days". */
export function age(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "3 minutes ago" style text for notification lists. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  const text = age(seconds);
  return text === 'just now' ? text : `${text} ago`;
}

/** Pluralises a unit: plural(1, 'day') → "1 day", plural(3, 'day') → "3 days". */
export function plural(count: number, unit: string, many = `${unit}s`): string {
  return `${count} ${count === 1 ? unit : many}`;
}

/**
 * A US phone number as people write it: 3235550172 → "(323) 555-0172", 13235550172 → "+1 (323) 555-0172".
 * Separators already typed are ignored; anything that is not 10 digits (or 11 starting with 1) shows as given,
 * and no number at all as the empty value.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone?.trim()) return EMPTY_VALUE;
  const digits = phone.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return phone;
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (local.length !== 10) return phone;
  const us = `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`;
  return local === digits ? us : `+1 ${us}`;
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  diners_club: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos Australia',
  interac: 'Interac',
  link: 'Link',
};

/** A card brand as the payment provider sends it ("visa", "amex") in the words on the card ("Visa", "American Express"). */
export function cardBrand(brand: string | null | undefined): string {
  const key =
    brand
      ?.trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_') ?? '';
  if (!key || key === 'unknown') return 'Card';
  return CARD_BRANDS[key] ?? key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
