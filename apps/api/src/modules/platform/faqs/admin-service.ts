import type { FaqAdminItem } from '@postwise/shared/admin';
import type { PageQuery } from '@postwise/shared/schemas/paging';
import type { faqSchema as faqInputSchema } from '@postwise/shared/schemas/admin';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { type FaqRow, faqs } from '../schema/faqs';
import { notFound } from '../../../lib/errors';
import { pagedPrepared, preparedList } from '../../../db/paging';
import { type Actor, audit } from '../../identity';
import { FAQ_ORDER } from './list-faqs';

type FaqValues = z.output<typeof faqInputSchema>;

function toItem(row: FaqRow): FaqAdminItem {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    sortOrder: row.sortOrder,
    isPublished: row.isPublished,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ORDER = [asc(faqs.sortOrder), asc(faqs.createdAt), asc(faqs.id)] as const;

/** Every FAQ (published or not) in the public order, paged in SQL (faqs_sort_idx / faqs_published_sort_idx). */
export function listAllFaqs(db: Db, page: PageQuery, published?: boolean) {
  const list = preparedList<FaqRow>(db, 'faqs', { published: published !== undefined }, (shape) => {
    const where = shape.published ? eq(faqs.isPublished, sql.placeholder('published')) : undefined;
    return {
      from: faqs,
      where,
      key: faqs.id,
      order: FAQ_ORDER,
      load: (keys) => db.select().from(faqs).where(inArray(faqs.id, keys)),
    };
  });
  return pagedPrepared(list, published === undefined ? {} : { published }, page, toItem);
}

async function loadFaq(db: Db, id: string): Promise<FaqRow> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id)).limit(1);
  if (!row) throw notFound('FAQ not found');
  return row;
}

/** A new FAQ goes to the end of the list. */
export async function createFaq(app: FastifyInstance, actor: Actor, values: FaqValues): Promise<FaqAdminItem> {
  const now = app.config.now();
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(faqs)
      .values({
        ...values,
        sortOrder: sql`(select coalesce(max(${faqs.sortOrder}), 0) + 1 from ${faqs})`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('FAQ insert returned no row');
    await audit(tx, actor, 'faq.create', { type: 'faq', id: inserted.id });
    return inserted;
  });
  return toItem(row);
}

export async function updateFaq(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  values: FaqValues,
): Promise<FaqAdminItem> {
  await loadFaq(app.db, id);
  const row = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(faqs)
      .set({ ...values, updatedAt: app.config.now() })
      .where(eq(faqs.id, id))
      .returning();
    if (!updated) throw notFound('FAQ not found');
    await audit(tx, actor, 'faq.update', { type: 'faq', id });
    return updated;
  });
  return toItem(row);
}

export async function deleteFaq(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  await loadFaq(app.db, id);
  await app.db.transaction(async (tx) => {
    await tx.delete(faqs).where(eq(faqs.id, id));
    await audit(tx, actor, 'faq.delete', { type: 'faq', id });
  });
}

/**
 * Reorder: the FAQ swaps places with its neighbour. The whole order is renumbered 1..n under row locks in one
 * transaction, so equal or sparse sort values never make a move ambiguous.
 */
export async function moveFaq(app: FastifyInstance, actor: Actor, id: string, direction: 'up' | 'down'): Promise<void> {
  await app.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: faqs.id })
      .from(faqs)
      .orderBy(...ORDER)
      .for('update');
    const index = rows.findIndex((r) => r.id === id);
    if (index < 0) throw notFound('FAQ not found');
    const other = direction === 'up' ? index - 1 : index + 1;
    const order = rows.map((r) => r.id);
    if (other >= 0 && other < order.length) {
      [order[index], order[other]] = [order[other] as string, order[index] as string];
    }
    for (const [i, faqId] of order.entries()) {
      await tx
        .update(faqs)
        .set({ sortOrder: i + 1 })
        .where(eq(faqs.id, faqId));
    }
    await audit(tx, actor, 'faq.move', { type: 'faq', id }, { direction });
  });
}
