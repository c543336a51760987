import '../../platform/notifications/hub-plugin';
import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../../integrations/storage/file-storage';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import type { PurposeRegistry } from '../../billing/ledger/purposes';
import type { NotifyContext } from '../../platform/notifications/service';
/** What mail operations need: database, clock, files, payments and notifications (routes and jobs alike). */
export interface MailContext extends NotifyContext {
    now: () => Date;
    storage: FileStorage;
    payments: PaymentProvider;
    purposes: PurposeRegistry;
}
export declare function mailContext(app: FastifyInstance): MailContext;
