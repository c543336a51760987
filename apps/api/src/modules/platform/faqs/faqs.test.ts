import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { faqs } from '../schema/faqs';
import { DEMO_FAQS, seedFaqs } from '../../../demo/faqs';
import { suiteApp } from '../../../test/suite-app';

const suite = suiteApp();

const list = (query: string, headers: Record<string, string> = {}) =>
  suite.t.app.inject({ method: 'GET', url: `/api/v1/faqs${query}`, headers });

describe('GET /api/v1/faqs', () => {
  it('answers the published FAQs in sort order in the paged envelope, without signing in', async () => {
    const res = await list('?pageNo=1&pageSize=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, pageNo: 1, pageSize: 5, total: DEMO_FAQS.length });
    expect(body.items.map((f: { question: string }) => f.question)).toEqual(
      DEMO_FAQS.slice(0, 5).map((f) => f.question),
    );
    expect(Object.keys(body.items[0]).sort()).toEqual(['answer', 'id', 'question']);
  });

  it('pages in SQL: the last page holds the rest and pages never overlap', async () => {
    const first = (await list('?pageNo=1&pageSize=10')).json();
    const second = (await list('?pageNo=2&pageSize=10')).json();
    expect(second.items).toHaveLength(DEMO_FAQS.length - 10);
    const ids = [...first.items, ...second.items].map((f: { id: string }) => f.id);
    expect(new Set(ids).size).toBe(DEMO_FAQS.length);
  });

  it('uses page 1 and the default page size of 10 (spec 9) when none is given', async () => {
    const body = (await list('')).json();
    expect(body).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(body.items).toHaveLength(10);
  });

  it('answers the same list to a signed-in visitor', async () => {
    const token = await suite.t.login('user@example.com');
    const res = await list('?pageNo=1&pageSize=3', { 'x-access-Token': token });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(3);
  });

  it('leaves unpublished FAQs out', async () => {
    const [hidden] = await suite.t.database.db
      .insert(faqs)
      .values({ question: 'Draft question?', answer: 'Not yet.', sortOrder: 0, isPublished: false })
      .returning();
    const body = (await list('?pageSize=100')).json();
    expect(body.total).toBe(DEMO_FAQS.length);
    expect(body.items.some((f: { id: string }) => f.id === hidden!.id)).toBe(false);
    await suite.t.database.db.delete(faqs).where(eq(faqs.id, hidden!.id));
  });

  it.each([
    ['?pageNo=0', 'pageNo'],
    ['?pageSize=0', 'pageSize'],
    ['?pageSize=101', 'pageSize'],
    ['?pageNo=abc', 'pageNo'],
  ])('answers 422 for the invalid page input %s', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'VALIDATION_ERROR' });
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('seeds idempotently: running the seed again adds nothing', async () => {
    await seedFaqs(suite.t.database.db, { overwrite: false });
    await seedFaqs(suite.t.database.db, { overwrite: true });
    expect(await suite.t.database.db.$count(faqs)).toBe(DEMO_FAQS.length);
  });
});
