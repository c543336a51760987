export { billingContext } from './context';
export type { BillingContext } from './context';
export { startBillingRunner } from './charges/cycle';
export { paymentsPlugin } from './charges/payments-plugin';
export { billingRoutes } from './charges/routes';
export { insertInvoice, invoiceLine, markLinesVoided } from './invoices/invoice-records';
export type { IssuerStoreLookup } from './invoices/issuers';
export { countPendingInvoices } from './invoices/service';
export {
  IDEMPOTENCY_MISMATCH_MESSAGE,
  NO_CUSTOMER_MESSAGE,
  NO_DEFAULT_CARD_MESSAGE,
  bodyHash,
  charge,
  linkChargeToInvoice,
} from './ledger/charge';
export type { ChargeOutcome, IntentRequest } from './ledger/charge';
export { findCustomer, findDefaultPaymentMethod, lockBillingUser, paymentFailed } from './ledger/payers';
export { providerRecordStore } from './ledger/provider-records';
export type { LedgerContext, Purpose, PurposeRegistry } from './ledger/purposes';
export { refundCharge } from './ledger/refund';
export { closePeriodFor, currentPeriodEstimate, recordProviderFees, startPayoutRunner } from './payouts/compute';
export { periodOf } from './payouts/payout-math';
export { payoutsRoutes } from './payouts/routes';
export { plansRoutes } from './plans/routes';
export { NO_ADDITIONAL_FEE, NO_PENALTY_FEE } from './plans/no-fees';
export { billingJobs } from './schema/billing-jobs';
export { invoiceNumberSeq, invoices } from './schema/invoices';
export type { InvoiceLine } from './schema/invoices';
export { paymentCustomers } from './schema/payment-customers';
export { paymentIntents } from './schema/payment-intents';
export type { PaymentIntentRow } from './schema/payment-intents';
export { paymentMethods } from './schema/payment-methods';
export { payouts } from './schema/payouts';
export { plans } from './schema/plans';
export type { NewPlanRow, PlanRow } from './schema/plans';
export { scanBalances } from './schema/scan-balances';
export { subscriptions } from './schema/subscriptions';
export { transactions } from './schema/transactions';
export { chargeInvoice } from './subscriptions/pay-invoice';
export { chargeChosenPlanOnApproval } from './subscriptions/purchase-plan';
export { idempotencyHeaders } from './subscriptions/routes';
export { applyTransition, getMySubscription } from './subscriptions/service';
export { addDays, addPeriod, scheduledJobs } from './subscriptions/state-machine';
export type { SubscriptionState } from './subscriptions/state-machine';
export { billingTimeZone, useTimeZoneLookup } from './time-zones';
export type { UserTimeZoneLookup } from './time-zones';
export { mySubscriptionSchema } from './subscriptions/subscription-schema';
