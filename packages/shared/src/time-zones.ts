/**
 * A store's time zone: the calendar its free storage days, storage fees, billing days and the month boundaries of
 * payouts and reports are counted in. Stores are in Los Angeles unless their owner says otherwise.
 */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

let known: Set<string> | null = null;

/**
 * The IANA zones this runtime knows (Intl.supportedValuesOf lists canonical names and leaves out UTC, which is
 * added). The API and the browser each ask their own Intl, so the select offers what the API accepts.
 */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? [...names] : [...names, 'UTC'];
}

export function isTimeZone(name: string): boolean {
  known ??= new Set(timeZoneNames());
  return known.has(name);
}

/**
 * The calendar of Analytics & Reports and the super admin's figures: the platform's days and months, counted in
 * the zone of its first store (Los Angeles), as the SQL function analytics_day does (migration
 * analytics_platform_time_zone). A date-only bound ('2026-03-01') means that zone's midnight.
 */
export const PLATFORM_TIME_ZONE = DEFAULT_TIME_ZONE;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
export const isDateOnly = (value: unknown): value is string => typeof value === 'string' && DATE_ONLY.test(value);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD': the local date of `at` in `zone`. */
export function dayKeyIn(at: Date, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(at);
}

/** How far `zone`'s wall clock is ahead of UTC at `ms`, in ms (negative west of Greenwich). */
export function zoneOffsetAt(ms: number, zone: string): number {
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormats.set(zone, format);
  }
  const whole = Math.floor(ms / 1000) * 1000;
  const parts = format.formatToParts(new Date(whole));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wall - whole;
}

/**
 * The instant local midnight begins the day `key` ('YYYY-MM-DD') in `zone`. The offset is read twice: a day that
 * begins just after a daylight-saving change has the new offset at midnight, not the one of UTC midnight.
 */
export function midnightIn(key: string, zone: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const first = wall - zoneOffsetAt(wall, zone);
  return new Date(wall - zoneOffsetAt(first, zone));
}

/** 'YYYY-MM-DD' plus whole calendar days (plain date arithmetic, no zone). */
export function addDaysToDayKey(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The day `key` in `zone` as instants: [its local midnight, the next day's), 23 or 25 hours across a DST change. */
export function dayRangeIn(key: string, zone: string): [Date, Date] {
  return [midnightIn(key, zone), midnightIn(addDaysToDayKey(key, 1), zone)];
}

/**
 * Today on the platform's calendar: the day a label was bought on, a SCAN form's ship date and the earliest
 * pickup date are platform days, so a shipper in Los Angeles at 5 pm is still on today's form, not tomorrow's.
 */
export function platformToday(now: Date = new Date()): string {
  return dayKeyIn(now, PLATFORM_TIME_ZONE);
}
