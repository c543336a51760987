import { SAFE_TEXT_MESSAGES, TEXT_LIMITS } from '@postwise/shared/schemas/safe-text';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../modules/billing/schema/plans';
import { DEMO_PASSWORD } from '../demo/users';
import { adminKit } from '../modules/accounts/managed-accounts/admin-test-kit';
import { suiteApp } from '../test/suite-app';

/**
 * Text that cannot be stored answers 422 before anything is written (it answered 500, and
 * POST stores had already created the store without its audit row), and an action commits with its audit row
 * or not at all.
 */

const SA = 'superadmin@example.com';
const SUB = 'subadmin@example.com';

const STORE = {
  name: 'Echo Park',
  address1: '1500 Sunset Blvd',
  city: 'Los Angeles',
  state: 'California',
  zip: '90026',
  country: 'United States',
  phone: '2135550190',
};

const suite = suiteApp(adminKit);
beforeAll(async () => {
  // These tests add stores beyond the demo plan's numberOfStores (plan limits are tested in payouts.test.ts).
  await suite.t.database.db.update(plans).set({ numberOfStores: null });
});

async function count(table: 'stores' | 'audit_log' | 'faqs' | 'plans' | 'users'): Promise<number> {
  const result = await suite.t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n);
}

function expectUnsafe(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({
    isSuccess: false,
    code: 'VALIDATION_ERROR',
    message: SAFE_TEXT_MESSAGES.unsafe,
    errors: { [field]: SAFE_TEXT_MESSAGES.unsafe },
  });
}

describe('text that cannot be stored', () => {
  it('POST stores with a lone surrogate answers 422 and creates neither a store nor an audit row', async () => {
    const [stores, audits] = [await count('stores'), await count('audit_log')];
    expectUnsafe(await suite.kit.as(SUB, 'POST', '/api/v1/stores', { ...STORE, name: '\ud800' }), 'name');
    expect(await count('stores')).toBe(stores);
    expect(await count('audit_log')).toBe(audits);
  });

  it('NUL bytes in FAQ, plan, store and customer fields answer 422', async () => {
    const before = { faqs: await count('faqs'), plans: await count('plans'), users: await count('users') };
    expectUnsafe(
      await suite.kit.as(SA, 'POST', '/api/v1/faqs', { question: 'Why\u0000?', answer: 'Because.' }),
      'question',
    );
    expectUnsafe(
      await suite.kit.as(SA, 'POST', '/api/v1/plans', {
        name: 'Gold\u0000',
        price: 1000,
        validity: 'month',
        scanCount: 1,
      }),
      'name',
    );
    expectUnsafe(await suite.kit.as(SUB, 'POST', '/api/v1/stores', { ...STORE, city: 'L\u0000A' }), 'city');
    expectUnsafe(
      await suite.kit.as(SUB, 'POST', '/api/v1/customers', {
        email: 'nul@example.com',
        firstName: 'N\u0000',
        lastName: 'L',
      }),
      'firstName',
    );
    expectUnsafe(await suite.kit.as(SUB, 'GET', '/api/v1/customers?search=%00'), 'search');
    expect({ faqs: await count('faqs'), plans: await count('plans'), users: await count('users') }).toEqual(before);
  });

  it('a 900,000-character first name answers 422, and a name over 100 characters too', async () => {
    const ava = await suite.kit.idOf('ava.nguyen@example.com');
    const huge = await suite.kit.as(SUB, 'PUT', `/api/v1/customers/${ava}`, { firstName: 'a'.repeat(900_000) });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().message).toBe(SAFE_TEXT_MESSAGES.tooLong(TEXT_LIMITS.anyString));
    const long = await suite.kit.as(SUB, 'PUT', `/api/v1/customers/${ava}`, { firstName: 'a'.repeat(101) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ firstName: SAFE_TEXT_MESSAGES.tooLong(TEXT_LIMITS.name) });
  });

  it('real Unicode (accents, emoji) is stored as sent', async () => {
    const res = await suite.kit.as(SUB, 'POST', '/api/v1/stores', { ...STORE, name: 'Café 🎉 Echo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Café 🎉 Echo');
  });
});

describe('an action and its audit row commit together', () => {
  it('when the audit row cannot be written, the store is not created either', async () => {
    const token = await suite.t.login(SUB, DEMO_PASSWORD);
    const stores = await count('stores');
    // Make the audit write of this one action fail inside the database.
    await suite.t.database.db.execute(
      sql.raw(
        `alter table audit_log add constraint test_refuse_store_create check (action <> 'store.create') not valid`,
      ),
    );
    try {
      const res = await suite.kit.call('POST', '/api/v1/stores', token, { ...STORE, name: 'Silver Lake' });
      expect(res.statusCode).toBe(500);
      expect(await count('stores')).toBe(stores);
    } finally {
      await suite.t.database.db.execute(sql.raw(`alter table audit_log drop constraint test_refuse_store_create`));
    }
  });
});
