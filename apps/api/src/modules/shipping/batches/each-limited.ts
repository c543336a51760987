/**
 * Runs `work` on every item, at most `limit` at a time: a batch's rows go to the carrier side by side without
 * opening hundreds of requests (and ledger locks) at once.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
