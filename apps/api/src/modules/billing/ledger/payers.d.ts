import type { Db } from '../../../db/client';
import type { PaymentProvider } from '../../../integrations/payments/payment-provider';
import { AppError } from '../../../lib/errors';
import { type PaymentMethodRow } from '../schema/payment-methods';
/** A refused card (decline, insufficient funds, ...): 402 with the provider's own message (spec 8). */
export declare function paymentFailed(code: string, message: string): AppError;
/**
 * Serialises one payer's short ledger transactions (opening an intent, recording its outcome, card changes) across
 * processes. Never held across a provider call.
 */
export declare function lockBillingUser(tx: Db, userId: string): Promise<void>;
export declare function findCustomer(db: Db, userId: string, provider: PaymentProvider['name']): Promise<{
    id: string;
    userId: string;
    provider: import("../schema/payment-customers").PaymentProviderName;
    providerCustomerId: string;
    createdAt: Date;
} | undefined>;
export declare function findDefaultPaymentMethod(db: Db, userId: string): Promise<PaymentMethodRow | undefined>;
