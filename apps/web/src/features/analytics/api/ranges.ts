import { dayKeyIn, PLATFORM_TIME_ZONE } from '@postwise/shared/time-zones';

/** Date-range presets of Analytics & Reports, as [from, to) in the platform time zone's dates (YYYY-MM-DD). */
export type Preset = 'month' | '30d' | 'quarter' | 'year' | 'custom';

export const PRESETS: { key: Preset; label: string }[] = [
  { key: 'month', label: 'This month' },
  { key: '30d', label: 'Last 30 days' },
  { key: 'quarter', label: 'Quarter' },
  { key: 'year', label: 'Year' },
  { key: 'custom', label: 'Custom' },
];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, day = 1) => new Date(Date.UTC(y, m, day));

/**
 * The range of a preset at a moment: this month / quarter / year to date run to tomorrow (exclusive), where today is
 * the platform time zone's date at that moment (the server counts the days in the same zone).
 */
export function presetRange(preset: Exclude<Preset, 'custom'>, now: Date): { from: string; to: string } {
  const [y, month, date] = dayKeyIn(now, PLATFORM_TIME_ZONE).split('-').map(Number) as [number, number, number];
  const m = month - 1;
  const tomorrow = utc(y, m, date + 1);
  if (preset === 'month') return { from: iso(utc(y, m)), to: iso(tomorrow) };
  if (preset === 'quarter') return { from: iso(utc(y, m - (m % 3))), to: iso(tomorrow) };
  if (preset === 'year') return { from: iso(utc(y, 0)), to: iso(tomorrow) };
  return { from: iso(utc(y, m, date - 29)), to: iso(tomorrow) };
}
