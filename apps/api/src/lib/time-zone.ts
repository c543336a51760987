import { addDaysToDayKey, dayKeyIn, midnightIn, zoneOffsetAt } from '@postwise/shared/time-zones';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/**
 * Calendar arithmetic in an IANA time zone (a store's): days and months begin at local midnight, and a day across
 * a daylight-saving change lasts 23 or 25 hours. Instants stay Date (UTC); only the calendar is the zone's.
 */

const DAY_MS = 86_400_000;

/** 'YYYY-MM': the local month of `at` in `zone`. */
export function monthKeyInZone(at: Date, zone: string): string {
  return dayKeyIn(at, zone).slice(0, 7);
}

/** Day of the month (1–31) of `at` in `zone`. */
export function dayOfMonthInZone(at: Date, zone: string): number {
  return Number(dayKeyIn(at, zone).slice(8));
}

/** The instant the local day of `at` began in `zone`. */
export function startOfDayInZone(at: Date, zone: string): Date {
  return midnightIn(dayKeyIn(at, zone), zone);
}

/** The instant the local month of `at` began in `zone`. */
export function startOfMonthInZone(at: Date, zone: string): Date {
  return midnightIn(`${monthKeyInZone(at, zone)}-01`, zone);
}

/**
 * The same local time of day `days` calendar days later in `zone` (so across a daylight-saving change the span is
 * 23 or 25 hours per changed day). A local time that does not exist that day (inside the spring gap) moves forward
 * by the gap, as Temporal's 'compatible' disambiguation does.
 */
export function addDaysInZone(at: Date, days: number, zone: string): Date {
  const key = dayKeyIn(at, zone);
  const time = formatInTimeZone(at, zone, 'HH:mm:ss.SSS');
  const wanted = `${addDaysToDayKey(key, days)}T${time}`;
  const found = fromZonedTime(wanted, zone);
  // In the gap the wall clock never reads `wanted`; like Temporal's 'compatible', go forward by the gap (an hour).
  if (formatInTimeZone(found, zone, "yyyy-MM-dd'T'HH:mm:ss.SSS") === wanted) return found;
  return new Date(found.getTime() + 3_600_000);
}

/**
 * The start of the local month `months` after the month of `at` in `zone` (negative goes back).
 */
export function addMonthsToMonthStartInZone(at: Date, months: number, zone: string): Date {
  const [y, m] = monthKeyInZone(at, zone).split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
  return midnightIn(first, zone);
}

/**
 * Local wall-clock days from `from` to `to` in `zone` (fractional): the time the two clocks on the store's wall
 * read apart, so a calendar day across a daylight-saving change still counts as one day.
 */
export function zonedDaysBetween(from: Date, to: Date, zone: string): number {
  return (wallClockMs(to, zone) - wallClockMs(from, zone)) / DAY_MS;
}

/**
 * The local wall-clock reading of `at` in `zone`, as milliseconds on a UTC time line. Lists count every row's
 * storage days with it, so the zone's offset is read once per zone and quarter hour (offsets only change on a
 * quarter hour) from a cached Intl formatter and kept, rather than formatting a date pattern per call.
 */
function wallClockMs(at: Date, zone: string): number {
  const ms = at.getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${zone}\0${quarter}`;
  let offset = zoneOffsets.get(key);
  if (offset === undefined) {
    offset = zoneOffsetAt(quarter * QUARTER_HOUR_MS, zone);
    if (zoneOffsets.size >= 50_000) zoneOffsets.clear();
    zoneOffsets.set(key, offset);
  }
  return ms + offset;
}

const QUARTER_HOUR_MS = 900_000;
const zoneOffsets = new Map<string, number>();
