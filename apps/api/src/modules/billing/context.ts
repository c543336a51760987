import type { FastifyInstance } from 'fastify';
import type { IssuerDirectory } from './invoices/issuers';
import type { LedgerContext } from './ledger/purposes';

/** What billing operations need: the ledger's context (database, provider, clock, purposes), mail and links. */
export interface BillingContext extends LedgerContext {
  /** Who issues invoices, as businesses (invoice documents and receipts). */
  issuers?: IssuerDirectory;
}

export function billingContext(app: FastifyInstance): BillingContext {
  return {
    db: app.db,
    payments: app.payments,
    now: app.config.now,
    log: app.log,
    emails: app.emails,
    publicUrl: app.config.publicUrl,
    purposes: app.purposes,
    issuers: app.issuers,
  };
}
