import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../identity';

export type PaymentProviderName = 'sandbox' | 'stripe';

/** The user's customer record at the payment provider (Stripe `cus_...`). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_customers_user_provider_key').on(t.userId, t.provider),
    index('payment_customers_provider_customer_idx').on(t.provider, t.providerCustomerId),
  ],
);

export type PaymentCustomerRow = typeof paymentCustomers.$inferSelect;
