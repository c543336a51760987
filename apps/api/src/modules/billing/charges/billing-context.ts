import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { EmailQueue } from '../../../integrations/mailer/email-queue';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';

/** What billing operations need: the database, the provider and the clock (tests move it). */
export interface BillingContext {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  emails?: EmailQueue;
  publicUrl?: string;
}

export function billingContext(app: FastifyInstance): BillingContext {
  return {
    db: app.db,
    payments: app.payments,
    now: app.config.now,
    log: app.log,
    emails: app.emails,
    publicUrl: app.config.publicUrl,
  };
}
