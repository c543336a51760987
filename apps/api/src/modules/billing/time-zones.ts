import { DEFAULT_TIME_ZONE } from '@postwise/shared/time-zones';
import type { Db } from '../../db/client';

/**
 * The time zone a user's billing calendar runs in (renewal days, payout months). Stores belong to the mailbox area
 * above billing, which hands its lookup in at start (`useTimeZoneLookup`); without one (or for a user with no store)
 * the calendar is Los Angeles, the stores' default.
 */
export type UserTimeZoneLookup = (db: Db, userId: string) => Promise<string | null>;

let lookup: UserTimeZoneLookup | null = null;

export function useTimeZoneLookup(next: UserTimeZoneLookup): void {
  lookup = next;
}

export async function billingTimeZone(db: Db, userId: string): Promise<string> {
  return (lookup ? await lookup(db, userId) : null) ?? DEFAULT_TIME_ZONE;
}
