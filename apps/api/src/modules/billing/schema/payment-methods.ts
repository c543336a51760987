import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentProviderName } from './payment-customers';
import { users } from '../../identity';

export type PaymentMethodStatus = 'active' | 'removed';

/** A saved card (spec 3): brand, last4 and expiry only, never a card number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    type: text('type').$type<'card'>().notNull().default('card'),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status').$type<PaymentMethodStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    // At most one default card per user.
    uniqueIndex('payment_methods_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.status} = 'active'`),
    uniqueIndex('payment_methods_provider_id_key').on(t.provider, t.providerPaymentMethodId),
    check('payment_methods_status_check', sql`${t.status} in ('active', 'removed')`),
    check('payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_month_check', sql`${t.expMonth} between 1 and 12`),
  ],
);

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
