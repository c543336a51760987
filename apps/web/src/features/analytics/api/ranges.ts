/** Date-range presets of Analytics & Reports, as [from, to) in UTC dates (YYYY-MM-DD). */
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

/** The range of a preset on a given day: this month / quarter / year to date run to tomorrow (exclusive). */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: Date): { from: string; to: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const tomorrow = utc(y, m, today.getUTCDate() + 1);
  if (preset === 'month') return { from: iso(utc(y, m)), to: iso(tomorrow) };
  if (preset === 'quarter') return { from: iso(utc(y, m - (m % 3))), to: iso(tomorrow) };
  if (preset === 'year') return { from: iso(utc(y, 0)), to: iso(tomorrow) };
  return { from: iso(utc(y, m, today.getUTCDate() - 29)), to: iso(tomorrow) };
}
