import type { FastifyInstance } from 'fastify';
import type { LedgerContext } from '../ledger/purposes';

/** What billing operations need: the ledger's context (database, provider, clock, purposes), mail and links. */
export type BillingContext = LedgerContext;

export function billingContext(app: FastifyInstance): BillingContext {
  return {
    db: app.db,
    payments: app.payments,
    now: app.config.now,
    log: app.log,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    purposes: app.purposes,
  };
}
