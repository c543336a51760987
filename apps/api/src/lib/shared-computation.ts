/**
 * One computation per key at a time, as list totals share their count (db/paging.ts): a request arriving while the
 * same key's computation runs waits for it instead of starting its own. That computation started a moment before
 * the request arrived, so its answer is as current as the request's own would be; a request that arrives after it
 * settled starts a new one, so a write followed by a read is always seen.
 */
export function sharedComputations<T>(): (key: string, compute: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, compute) => {
    const shared = running.get(key);
    if (shared) return shared;
    const started = compute();
    running.set(key, started);
    // Removed when it settles; a failure reaches every waiting request through `started`.
    started.then(
      () => running.delete(key),
      () => running.delete(key),
    );
    return started;
  };
}
