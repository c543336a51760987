import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { SeedOptions } from './seed-options';

/** How many past customers the twelve months of history hold. */
const HISTORY_CUSTOMERS = 36;
const FIRST_NAMES = [
  'Noah',
  'Emma',
  'Liam',
  'Olivia',
  'Lucas',
  'Amelia',
  'Ethan',
  'Sofia',
  'Mason',
  'Isla',
  'Leo',
  'Maya',
];
const LAST_NAMES = ['Carter', 'Reyes', 'Patel', 'Kim', 'Brooks', 'Foster'];

/**
 * Twelve months of demo history, so Analytics & Reports shows realistic shapes: customers who
 * subscribed across the last year on the demo monthly and yearly plans, some who cancelled, one paid invoice per
 * month they ran, a few invoices past due and a few mailbox-fee and shipping invoices. Deterministic (customer i
 * always starts in the same month relative to this one) and idempotent: it runs once, keyed by the first
 * history customer's e-mail. A few hundred rows in four bulk inserts.
 */
export async function seedHistory(db: Db, _options: SeedOptions): Promise<void> {
  const exists = await db.execute(sql`select 1 from users where email = 'history.01@example.com'`);
  if ((exists as unknown as { rows: unknown[] }).rows.length > 0) return;
  const plans = (
    (await db.execute(sql`
      select p.id, p.price_cents, p.validity from plans p join users o on o.id = p.owner_user_id
      where o.role_code = 'SUPER_ADMIN' and p.audience = 'customer' and p.status = 'active'
        and p.validity in ('month', 'year') and p.price_cents > 0
      order by p.validity, p.price_cents`)) as unknown as {
      rows: { id: string; price_cents: number; validity: string }[];
    }
  ).rows;
  const issuer = (
    (await db.execute(sql`select id from users where email = 'subadmin@example.com'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0];
  const hash = (
    (await db.execute(sql`select password_hash from users where email = 'user@example.com'`)) as unknown as {
      rows: { password_hash: string }[];
    }
  ).rows[0];
  if (plans.length === 0 || !hash) return;

  const now = new Date();
  const monthStart = (offset: number, day = 1) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day, 10));

  await db.transaction(async (tx) => {
    for (let i = 0; i < HISTORY_CUSTOMERS; i++) {
      const n = String(i + 1).padStart(2, '0');
      const plan = plans[i % plans.length] as { id: string; price_cents: number; validity: string };
      // Starts spread over the last twelve months; every third customer cancels a few months later.
      const startOffset = -12 + (i % 12);
      const startDay = 1 + ((i * 7) % 27);
      const started = monthStart(startOffset, startDay);
      const cancelAfter = i % 3 === 0 ? 2 + (i % 4) : null;
      const cancelled =
        cancelAfter !== null && startOffset + cancelAfter < 0 ? monthStart(startOffset + cancelAfter, startDay) : null;
      const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
      const last = LAST_NAMES[i % LAST_NAMES.length] as string;
      // Every fourth customer's invoices are issued by the demo sub-admin, so top sub-admins by revenue has a shape.
      const referred = i % 4 === 1 && issuer ? issuer.id : null;
      const user = (
        (await tx.execute(sql`
          insert into users (email, password_hash, role_code, account_type, status, personal,
            email_verified_at, created_at, updated_at)
          values (${`history.${n}@example.com`}, ${hash.password_hash}, 'USER', 'mailbox', 'active',
            ${JSON.stringify({ firstName: first, lastName: last })}::jsonb, ${started}, ${started}, ${started})
          returning id`)) as unknown as { rows: { id: string }[] }
      ).rows[0] as { id: string };

      const months = Math.max(1, (cancelled ? startOffset + (cancelAfter ?? 0) : 0) - startOffset);
      const periodEnd = monthStart(startOffset + months, startDay);
      const sub = (
        (await tx.execute(sql`
          insert into subscriptions (user_id, plan_id, status, current_period_start, current_period_end,
            cancelled_at, created_at, updated_at)
          values (${user.id}, ${plan.id}, ${cancelled ? 'cancelled' : 'active'}, ${monthStart(startOffset + months - 1, startDay)},
            ${periodEnd}, ${cancelled}, ${started}, ${cancelled ?? started})
          returning id`)) as unknown as { rows: { id: string }[] }
      ).rows[0] as { id: string };

      // One invoice per month the subscription ran (a yearly plan bills once); the newest of every fifth
      // running customer is past due; every sixth customer also paid a forward fee and a label.
      const values = [];
      const bills = plan.validity === 'year' ? 1 : months;
      for (let m = 0; m < bills; m++) {
        const at = monthStart(startOffset + m, startDay);
        if (at > now) break;
        const pastDue = !cancelled && i % 5 === 0 && m === bills - 1;
        values.push(
          sql`(${`HIS-${n}-${String(m + 1).padStart(2, '0')}`}, ${user.id}, ${referred}, 'subscription', ${sub.id}, ${plan.id},
            ${JSON.stringify([{ description: 'Mailbox plan', quantity: 1, unitAmountCents: plan.price_cents, amountCents: plan.price_cents }])}::jsonb,
            ${plan.price_cents}, ${plan.price_cents}, ${pastDue ? 'open' : 'paid'}, ${at}, ${at}, ${pastDue ? null : at}, ${at})`,
        );
        if (i % 6 === 0 && m % 2 === 1) {
          for (const [cat, cents, label] of [
            ['mail_request', 1250, 'Forward'],
            ['shipment', 1890, 'Shipping label'],
          ] as const) {
            values.push(
              sql`(${`HIS-${n}-${String(m + 1).padStart(2, '0')}-${cat === 'shipment' ? 'S' : 'F'}`}, ${user.id}, ${referred}, ${cat}, null, null,
                ${JSON.stringify([{ description: label, quantity: 1, unitAmountCents: cents, amountCents: cents }])}::jsonb,
                ${cents}, ${cents}, 'paid', null, ${at}, ${at}, ${at})`,
            );
          }
        }
      }
      if (values.length > 0) {
        await tx.execute(sql`
          insert into invoices (number, user_id, issuer_user_id, category, subscription_id, plan_id, lines,
            subtotal_cents, total_cents, status, period_start, due_at, paid_at, created_at)
          values ${sql.join(values, sql`, `)}`);
        // A few refunds: every twelfth customer got half of their first forward back three days later.
        if (i % 12 === 0) {
          await tx.execute(sql`
            insert into transactions (invoice_id, user_id, amount_cents, kind, status, description, provider,
              request_key, idempotency_key, created_at)
            select id, user_id, total_cents / 2, 'refund', 'succeeded', 'Refund: forward delayed', 'sandbox',
              'history-refund-' || number, 'history-refund-' || number, paid_at + interval '3 days'
            from invoices where number = ${`HIS-${n}-02-F`} and paid_at + interval '3 days' < ${now}`);
        }
      }
    }
  });
}
