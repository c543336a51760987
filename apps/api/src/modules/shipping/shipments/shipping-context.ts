import type { FastifyInstance } from 'fastify';
import type { QuoteContext } from './create-quote';
import type { PurchaseContext } from './purchase-shipment';

/** What shipping use cases need from the app: routes build it, jobs and tests can build their own. */
export function quoteContext(app: FastifyInstance): QuoteContext {
  return {
    db: app.db,
    carriers: app.carriers,
    now: app.config.now,
    quoteTtlMinutes: app.config.shipping.quoteTtlMinutes,
    log: app.log,
  };
}

export function purchaseContext(app: FastifyInstance): PurchaseContext {
  return {
    ...quoteContext(app),
    payments: app.payments,
    purposes: app.purposes,
    emails: app.emails,
    publicUrl: app.config.publicUrl,
    storage: app.storage,
  };
}
