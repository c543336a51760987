import { formatCents } from '@postwise/shared/plans';

/** One place for how money, dates and ages read on screen (engineering.md: one lib/format). */

/** Integer cents as dollars, always with two decimals ("$12.50"). */
export function money(cents: number): string {
  return formatCents(cents, { alwaysDecimals: true });
}

/** "Nov 23, 2026" (or an em dash when absent). */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Nov 23, 2026, 7:30 AM". */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
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
