const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const DAY_INDEX = new Map<string, number>(
  DAYS.flatMap((d, i) => [
    [d.toLowerCase(), i],
    [['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'][i] as string, i],
  ]),
);

function dayOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  return DAY_INDEX.get(w) ?? DAY_INDEX.get(w.slice(0, 3));
}

/** Expands "Mon–Fri", "Sat", "Mon/Wed" or "Mon & Tue" into day indexes; undefined when it is not a day list. */
function parseDays(text: string): number[] | undefined {
  const days: number[] = [];
  for (const part of text.split(/\s*(?:\/|&|\+|\band\b)\s*/)) {
    const range = part.split(/\s*[–—-]\s*/);
    const from = dayOf(range[0] ?? '');
    const to = range.length === 2 ? dayOf(range[1] ?? '') : from;
    if (from === undefined || to === undefined || range.length > 2) return undefined;
    for (let d = from; ; d = (d + 1) % 7) {
      days.push(d);
      if (d === to) break;
    }
  }
  return days;
}

/** "Mon–Fri", "Sat", "Mon, Wed" for a sorted list of day indexes. */
function formatDays(days: number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < days.length;) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === (days[j] as number) + 1) j++;
    const from = DAYS[days[i] as number] as string;
    const to = DAYS[days[j] as number] as string;
    runs.push(j === i ? from : j === i + 1 ? `${from}, ${to}` : `${from}–${to}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/**
 * The opening hours, one group of days per entry: "Mon 9:00–18:00, Tue 9:00–18:00, …, Sat 10:00–14:00" becomes
 * ["Mon–Fri 9:00–18:00", "Sat 10:00–14:00"]. Segments are split at "·", ",", ";" or a line break; days with
 * the same hours are merged. Free text it cannot read comes back as it is, one segment per entry.
 */
export function summarizeHours(hours: string): string[] {
  const segments = hours
    .split(/\s*(?:·|;|\n|,(?!\s*(?:mon|tue|wed|thu|fri|sat|sun)\w*\s*[–—-]))\s*/i)
    .map((s) => s.trim())
    .filter(Boolean);
  const byDay = new Map<number, string>();
  for (const segment of segments) {
    const match = /^([A-Za-z.]+(?:\s*(?:[–—-]|\/|&|\+|and)\s*[A-Za-z.]+)*)\s*:?\s+(.+)$/.exec(segment);
    const days = match ? parseDays(match[1] as string) : undefined;
    if (!match || !days) return segments;
    for (const d of days) byDay.set(d, (match[2] as string).trim());
  }
  const groups: { days: number[]; time: string }[] = [];
  for (const d of [...byDay.keys()].sort((a, b) => a - b)) {
    const time = byDay.get(d) as string;
    const last = groups.at(-1);
    const prevDay = last?.days.at(-1);
    if (last && last.time === time && prevDay === d - 1) last.days.push(d);
    else groups.push({ days: [d], time });
  }
  // Non-adjacent groups with the same hours (e.g. Mon and Wed) read better merged: "Mon, Wed 9:00–12:00".
  const merged: { days: number[]; time: string }[] = [];
  for (const g of groups) {
    const same = merged.find((m) => m.time === g.time);
    if (same) same.days.push(...g.days);
    else merged.push({ days: [...g.days], time: g.time });
  }
  return merged.map((g) => `${formatDays(g.days)} ${g.time}`);
}
