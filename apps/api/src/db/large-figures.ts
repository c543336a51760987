import { COUNT_CACHE_TTL_MS, EXACT_COUNT_LIMIT } from './paging';

/**
 * Figures over a set that can hold a million rows (open invoices past due, applications waiting), under the rule
 * list totals follow (paging.ts): exact while the set has at most EXACT_COUNT_LIMIT rows (a capped count, which reads
 * at most that many index entries, says so); above it, the figures are kept for COUNT_CACHE_TTL_MS and recomputed in
 * the background when older (one recomputation at a time), so no request aggregates the large set on its path. The
 * first computation of a large set runs once however many requests ask.
 */
interface Kept<T> {
  value: T;
  at: number;
  refreshing?: Promise<void>;
}

const MAX_ENTRIES = 1_000;
const kept = new Map<string, Kept<unknown>>();
const firstRuns = new Map<string, Promise<unknown>>();

/** Forgets kept figures (tests). */
export function clearLargeFigures(): void {
  kept.clear();
}

export async function largeFigures<T>(
  key: string,
  capped: () => Promise<number>,
  compute: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const held = kept.get(key) as Kept<T> | undefined;
  if (held) {
    if (now() - held.at > COUNT_CACHE_TTL_MS && !held.refreshing) {
      held.refreshing = (async () => {
        // Shrunk to a small set: forgotten, so the next request computes it exactly.
        if ((await capped()) <= EXACT_COUNT_LIMIT) kept.delete(key);
        else remember(key, await compute(), now);
      })().catch(() => {
        held.refreshing = undefined; // try again on a later request
      });
    }
    return held.value;
  }
  const first = firstRuns.get(key) as Promise<T> | undefined;
  if (first) return first;
  if ((await capped()) <= EXACT_COUNT_LIMIT) return compute();
  const running = (firstRuns.get(key) as Promise<T> | undefined) ?? computeFirst(key, compute, now);
  return running;
}

function computeFirst<T>(key: string, compute: () => Promise<T>, now: () => number): Promise<T> {
  const running = compute().then((value) => {
    remember(key, value, now);
    return value;
  });
  firstRuns.set(key, running);
  void running.then(
    () => firstRuns.delete(key),
    () => firstRuns.delete(key),
  );
  return running;
}

function remember(key: string, value: unknown, now: () => number): void {
  kept.delete(key);
  if (kept.size >= MAX_ENTRIES) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(key, { value, at: now() });
}
