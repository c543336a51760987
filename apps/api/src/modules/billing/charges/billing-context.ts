import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { Mailer } from '../../../integrations/mailer/mailer';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';

/** What billing operations need: the database, the provider and the clock (tests move it). */
export interface BillingContext {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  mailer?: Mailer;
  publicUrl?: string;
}

export function billingContext(app: FastifyInstance): BillingContext {
  return {
    db: app.db,
    payments: app.payments,
    now: app.config.now,
    log: app.log,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  };
}
