import { addDaysToDayKey, dayKeyIn, midnightIn, PLATFORM_TIME_ZONE } from '@postwise/shared/time-zones';

/**
 * The platform's calendar for Analytics & Reports: days and months begin at midnight in PLATFORM_TIME_ZONE, as the
 * SQL function analytics_day counts them. Built on one cached Intl formatter per zone (a few µs a call), since a
 * summary cuts a range into up to 62 days on every request.
 */
const ZONE = PLATFORM_TIME_ZONE;

/** 'YYYY-MM-DD': the platform's date of `at`. */
export const dayKey = (at: Date): string => dayKeyIn(at, ZONE);

/** The local midnight that began the day of `at`. */
export const floorDay = (at: Date): Date => midnightIn(dayKey(at), ZONE);

/** The local midnight that begins the day after the day of `at`. */
export const nextDay = (at: Date): Date => midnightIn(addDaysToDayKey(dayKey(at), 1), ZONE);

/** `at` when it is a local midnight, else the next one. */
export const ceilDay = (at: Date): Date => {
  const floor = floorDay(at);
  return floor.getTime() === at.getTime() ? floor : nextDay(at);
};

const monthKey = (at: Date, months: number): string => {
  const [y, m] = dayKey(at).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
};

/** The local midnight that began the month of `at`. */
export const floorMonth = (at: Date): Date => midnightIn(monthKey(at, 0), ZONE);

/** The local midnight that begins the month after the month of `at`. */
export const nextMonth = (at: Date): Date => midnightIn(monthKey(at, 1), ZONE);

/** `at` when it begins a local month, else the next month's start. */
export const ceilMonth = (at: Date): Date => {
  const floor = floorMonth(at);
  return floor.getTime() === at.getTime() ? floor : nextMonth(at);
};
