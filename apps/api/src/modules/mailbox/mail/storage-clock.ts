import { dayKeyIn } from '@postwise/shared/time-zones';
import { type MailItemKind, type StorageClock, freeStorageDays } from '@postwise/shared/mail';
import { type SQL, sql } from 'drizzle-orm';
import { addDaysInZone, zonedDaysBetween } from '../../../lib/time-zone';

/**
 * The storage clock counted on the store's calendar (stores.time_zone): the free period ends the same local time
 * of day its free days later, and each storage day after it is a local calendar day, 23 or 25 hours long across a
 * daylight-saving change. The shared helpers (storageDaysAccrued, freeDaysLeft) count 24-hour days; the API uses
 * these.
 */

/** When an item received at `receivedAt` stops being stored free. */
export function freeUntilInZone(kind: MailItemKind, receivedAt: Date, zone: string): Date {
  return addDaysInZone(receivedAt, freeStorageDays(kind), zone);
}

/** The local date a fee of `at` is booked on ('YYYY-MM-DD' in the store's zone). */
export function feeDate(at: Date, zone: string): string {
  return dayKeyIn(at, zone);
}

/** Whole local days started after the free period, up to `now` (or the end of storage). */
export function storageDaysAccruedInZone(item: StorageClock, now: Date, zone: string): number {
  const end = item.storageEndedAt && item.storageEndedAt < now ? item.storageEndedAt : now;
  const over = zonedDaysBetween(item.freeUntil, end, zone);
  return over <= 0 ? 0 : Math.ceil(over);
}

/** Free local days left before storage fees start (0 once they have started or storage ended first). */
export function freeDaysLeftInZone(item: StorageClock, now: Date, zone: string): number {
  if (item.storageEndedAt && item.storageEndedAt <= now) return 0;
  const left = zonedDaysBetween(now, item.freeUntil, zone);
  return left <= 0 ? 0 : Math.ceil(left);
}

/**
 * SQL twin of storageDaysAccruedInZone's count before the floor at 0: local days from `freeUntil` to `end` in the
 * zone `zone` (both timestamptz; `at time zone` reads the store's wall clock).
 */
export function zonedStorageDaysSql(end: SQL, freeUntil: SQL, zone: SQL): SQL<number> {
  return sql<number>`ceil(extract(epoch from ((${end}) at time zone ${zone} - (${freeUntil}) at time zone ${zone})) / 86400)`;
}
