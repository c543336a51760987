export { billingContext } from './charges/billing-context';
export {
  NO_CUSTOMER_MESSAGE,
  NO_DEFAULT_CARD_MESSAGE,
  chargeDefaultCard,
  linkChargeToInvoice,
  payInvoice,
} from './charges/charge';
export { startBillingRunner } from './charges/cycle';
export { paymentsPlugin } from './charges/payments-plugin';
export { refundCharge } from './charges/refund';
export { billingRoutes } from './charges/routes';
export { insertInvoice, invoiceLine } from './invoices/invoice-records';
export { countPendingInvoices } from './invoices/service';
export { findCustomer, findDefaultPaymentMethod, lockBillingUser, paymentFailed } from './payment-methods/service';
export { closePeriodFor, currentPeriodEstimate, startPayoutRunner } from './payouts/compute';
export { periodOf } from './payouts/payout-math';
export { payoutsRoutes } from './payouts/routes';
export { plansRoutes } from './plans/routes';
export { billingJobs } from './schema/billing-jobs';
export { invoiceNumberSeq, invoices } from './schema/invoices';
export type { InvoiceLine } from './schema/invoices';
export { paymentCustomers } from './schema/payment-customers';
export { paymentMethods } from './schema/payment-methods';
export { payouts } from './schema/payouts';
export { plans } from './schema/plans';
export type { NewPlanRow, PlanRow } from './schema/plans';
export { scanBalances } from './schema/scan-balances';
export { subscriptions } from './schema/subscriptions';
export { transactions } from './schema/transactions';
export { idempotencyHeaders } from './subscriptions/routes';
export { applyTransition, chargeChosenPlanOnApproval, getMySubscription } from './subscriptions/service';
export { addDays, addPeriod, scheduledJobs } from './subscriptions/state-machine';
export type { SubscriptionState } from './subscriptions/state-machine';
export { mySubscriptionSchema } from './subscriptions/subscription-schema';
