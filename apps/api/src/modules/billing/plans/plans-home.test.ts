import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';

describe('GET /api/v1/plans/home', () => {
  const suite = suiteApp();

  it('answers the platform customer plans and scan packages as one whole list, public', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/v1/plans/home?serverPaging=false' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, pageNo: 1 });
    expect(body.total).toBe(body.items.length);
    expect(body.pageSize).toBe(body.items.length);
    const validities = new Set(body.items.map((p: { validity: string }) => p.validity));
    expect(validities).toEqual(new Set(['month', 'year', 'topup']));
    for (const plan of body.items) {
      expect(plan.audience).toBe('customer');
      expect(Number.isInteger(plan.price)).toBe(true);
      expect(plan.currency).toBe('usd');
    }
    const basic = body.items.find(
      (p: { name: string; validity: string }) => p.name === 'Basic Mailbox' && p.validity === 'month',
    );
    expect(basic).toMatchObject({ price: 1499, scanCount: 30, penaltyFee: { late: 1000, reinstatement: 2500 } });
    // A sub-admin's own customer plans are not the platform's.
    const owners = new Set(body.items.map((p: { ownerUserId: string }) => p.ownerUserId));
    expect(owners.size).toBe(1);
  });

  it('filters by validity and rejects an unknown one', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/v1/plans/home?validity=topup' });
    expect(res.json().items.map((p: { scanCount: number }) => p.scanCount)).toEqual([10, 25, 50]);
    const bad = await suite.t.app.inject({ method: 'GET', url: '/api/v1/plans/home?validity=weekly' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ isSuccess: false, code: 'VALIDATION_ERROR' });
  });
});
