import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { ProviderRecordStore } from '../../../integrations/payments/payment-provider';
import { sandboxProviderRecords } from '../schema/payment-intents';

/**
 * The sandboxes' durable record (payments and carrier) in the app's database. Every call is its own statement,
 * never inside one of the app's transactions, so what a sandbox did stays done whatever the app rolls back: it
 * stands for the provider's own record, which recovery asks after a crash.
 */
export function providerRecordStore(db: Db): ProviderRecordStore {
  return {
    async put(kind, key, request, response) {
      const [inserted] = await db
        .insert(sandboxProviderRecords)
        .values({ kind, key, request, response })
        .onConflictDoNothing({ target: [sandboxProviderRecords.kind, sandboxProviderRecords.key] })
        .returning();
      if (inserted) return { request: inserted.request, response: inserted.response };
      const [first] = await db
        .select()
        .from(sandboxProviderRecords)
        .where(and(eq(sandboxProviderRecords.kind, kind), eq(sandboxProviderRecords.key, key)));
      return { request: first!.request, response: first!.response };
    },
    async get(kind, key) {
      const [row] = await db
        .select()
        .from(sandboxProviderRecords)
        .where(and(eq(sandboxProviderRecords.kind, kind), eq(sandboxProviderRecords.key, key)));
      return row ? { request: row.request, response: row.response } : null;
    },
  };
}
