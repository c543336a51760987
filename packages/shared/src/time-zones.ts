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
