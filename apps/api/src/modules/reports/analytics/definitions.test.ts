import { describe, expect, it } from 'vitest';
import { churnedIn, mrrAt, monthlyCents, newIn, type SubscriptionFact } from './definitions';

const d = (s: string) => new Date(`${s}T00:00:00Z`);
// A: monthly $10 since January, still running. B: yearly $120 since February, ended 15 March.
// C: monthly $25 started 10 March. D: monthly $5 started and ended in January.
const FIXTURE: SubscriptionFact[] = [
  { userId: 'a', priceCents: 1000, validity: 'month', startedAt: d('2025-01-05'), endedAt: null },
  { userId: 'b', priceCents: 12000, validity: 'year', startedAt: d('2025-02-01'), endedAt: d('2025-03-15') },
  { userId: 'c', priceCents: 2500, validity: 'month', startedAt: d('2025-03-10'), endedAt: null },
  { userId: 'd', priceCents: 500, validity: 'month', startedAt: d('2025-01-02'), endedAt: d('2025-01-20') },
  { userId: 'e', priceCents: 900, validity: 'topup', startedAt: d('2025-01-02'), endedAt: null },
];

describe('analytics definitions', () => {
  it('normalises prices to a month: yearly / 12, top-ups are not recurring', () => {
    expect(monthlyCents(1000, 'month')).toBe(1000);
    expect(monthlyCents(12000, 'year')).toBe(1000);
    expect(monthlyCents(1999, 'year')).toBe(167);
    expect(monthlyCents(900, 'topup')).toBe(0);
  });

  it('MRR at a moment sums the subscriptions active then', () => {
    expect(mrrAt(FIXTURE, d('2025-01-10'))).toBe(1000 + 500);
    expect(mrrAt(FIXTURE, d('2025-03-01'))).toBe(1000 + 1000);
    expect(mrrAt(FIXTURE, d('2025-04-01'))).toBe(1000 + 2500);
    // Ending on the moment itself no longer counts.
    expect(mrrAt(FIXTURE, d('2025-03-15'))).toBe(1000 + 2500);
  });

  it('new counts starts in [from, to); churned counts ends in range of subscriptions active at its start', () => {
    expect(newIn(FIXTURE, d('2025-03-01'), d('2025-04-01'))).toBe(1);
    expect(newIn(FIXTURE, d('2025-01-01'), d('2025-02-01'))).toBe(3);
    expect(churnedIn(FIXTURE, d('2025-03-01'), d('2025-04-01'))).toBe(1);
    // D started and ended inside January: not active at the start, so not churn of January.
    expect(churnedIn(FIXTURE, d('2025-01-01'), d('2025-02-01'))).toBe(0);
    expect(churnedIn(FIXTURE, d('2025-01-10'), d('2025-02-01'))).toBe(1);
  });
});
