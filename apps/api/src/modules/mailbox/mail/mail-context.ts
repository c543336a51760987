import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../../integrations/storage/file-storage';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import type { PurposeRegistry } from '../../billing';
import type { NotifyContext } from '../../platform';
import type { PhotoLinks } from './photo-thumbnails';

/** What mail operations need: database, clock, files, payments and notifications (routes and jobs alike). */
export interface MailContext extends NotifyContext {
  now: () => Date;
  storage: FileStorage;
  payments: PaymentProvider;
  purposes: PurposeRegistry;
  /** Signs the thumbnail links of the items answered. */
  photoLinks: PhotoLinks;
}

export function mailContext(app: FastifyInstance): MailContext {
  return {
    db: app.db,
    now: app.config.now,
    storage: app.storage,
    payments: app.payments,
    purposes: app.purposes,
    photoLinks: app.photoLinks,
    hub: app.notificationHub,
    emails: app.emails,
    publicUrl: app.config.publicUrl,
    log: app.log,
  };
}
