import { INVOICE_CATEGORIES, INVOICE_STATUSES, type Invoice, type Transaction } from '@postwise/shared/billing';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';

const party = z.object({ id: z.string(), fullName: z.string(), email: z.string() });

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    category: z.enum(INVOICE_CATEGORIES),
    status: z.enum(INVOICE_STATUSES),
    user: party,
    issuer: party.nullable(),
    planName: z.string().nullable(),
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: z.number().int(),
        unitAmountCents: z.number().int(),
        amountCents: z.number().int(),
      }),
    ),
    subtotalCents: z.number().int(),
    totalCents: z.number().int(),
    currency: z.literal('usd'),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    dueAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({
    id: 'Invoice',
    examples: [
      {
        id: '9d2f4b6a-1c3e-4a5b-8d7f-0e2c4a6b8d13',
        number: 'INV-2026-000214',
        category: 'subscription',
        status: 'paid',
        user: { id: '2e4a6c8e-0b1d-4f3a-9c5e-7a9b1d3f5e71', fullName: 'Ava Chen', email: 'ava@example.com' },
        issuer: null,
        planName: 'Standard (monthly)',
        lines: [{ description: 'Standard (monthly)', quantity: 1, unitAmountCents: 1999, amountCents: 1999 }],
        subtotalCents: 1999,
        totalCents: 1999,
        currency: 'usd',
        periodStart: '2026-03-01T00:00:00.000Z',
        periodEnd: '2026-04-01T00:00:00.000Z',
        dueAt: '2026-03-01T00:00:00.000Z',
        paidAt: '2026-03-01T00:02:13.000Z',
        createdAt: '2026-03-01T00:00:00.000Z',
      },
    ],
  });

export const transactionSchema = z
  .object({
    id: z.string(),
    invoiceId: z.string().nullable(),
    invoiceNumber: z.string().nullable(),
    user: party,
    amountCents: z.number().int(),
    currency: z.literal('usd'),
    kind: z.enum(['charge', 'refund']),
    status: z.enum(['pending', 'succeeded', 'failed']),
    description: z.string(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    failureCode: z.string().nullable(),
    failureMessage: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Transaction' });

const invoiceMatches: Same<z.output<typeof invoiceSchema>, Invoice> = true;
const transactionMatches: Same<z.output<typeof transactionSchema>, Transaction> = true;
void invoiceMatches;
void transactionMatches;
