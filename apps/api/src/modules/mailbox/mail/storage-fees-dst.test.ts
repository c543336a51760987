import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailItemFees } from '../schema/mail';
import { suiteApp } from '../../../test/suite-app';
import { accrueStorageFees } from './mail-jobs';
import { mailKit } from './mail-test-kit';

const suite = suiteApp(mailKit);

/** Moves the test clock forward to `iso` (the clock only moves forward). */
function moveTo(iso: string) {
  const ms = Date.parse(iso) - suite.t.clock.now().getTime();
  expect(ms).toBeGreaterThan(0);
  suite.kit.advance(ms);
}

describe("storage fees on the store's calendar (Los Angeles, spring change on 2027-03-14)", () => {
  it('ends the free days at the same local time and books each local day once, on its local date', async () => {
    const box = await suite.kit.mailboxOf('user@example.com');
    // 10:00 PST on Friday March 12: three free days end 10:00 PDT on Monday March 15 (71 hours later).
    moveTo('2027-03-12T18:00:00Z');
    const res = await suite.kit.receive('superadmin@example.com', box, {
      kind: 'package',
      sender: 'DST Co',
      weightLb: '3',
    });
    expect(res.statusCode).toBe(200);
    const pkg = res.json().data as { id: string; freeUntil: string; storageDailyFeeCents: number };
    expect(pkg.freeUntil).toBe('2027-03-15T17:00:00.000Z');
    expect(pkg.storageDailyFeeCents).toBeGreaterThan(0);

    // 10:30 PDT on March 16: the second local day of storage has started (a 24-hour count from 18:00 UTC would
    // show one day only).
    moveTo('2027-03-16T17:30:00Z');
    await accrueStorageFees(suite.t.database.db, suite.t.clock.now());
    const rows = await suite.t.database.db
      .select({ feeDate: mailItemFees.feeDate })
      .from(mailItemFees)
      .where(and(eq(mailItemFees.mailItemId, pkg.id), eq(mailItemFees.kind, 'storage')));
    expect(rows.map((r) => r.feeDate).sort()).toEqual(['2027-03-15', '2027-03-16']);
    const item = (await suite.kit.as('user@example.com', 'GET', `mail-items/${pkg.id}`)).json().data;
    expect(item.freeDaysLeft).toBe(0);
    expect(item.feeAccruedCents).toBe(2 * pkg.storageDailyFeeCents);
  });
});
