import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_RULE_MESSAGES } from '@postwise/shared/mail-rules';
import { suiteApp } from '../../../test/suite-app';
import { mailContext } from '../mail/mail-context';
import { AVA, FORWARD_ADDRESS, mailKit, SUPER, USER } from '../mail/mail-test-kit';
import { mailItems, mailRequests } from '../schema/mail';
import { subscriptions } from '../../billing/schema/subscriptions';
import { scanBalances } from '../../billing/schema/scan-balances';
import { users } from '../../identity/schema/users';
import { notifications } from '../../platform/schema/notifications';
import { applyRulesToRecognisedText } from './apply-rules';

const suite = suiteApp(mailKit);
let box: string;

const ADDRESS = FORWARD_ADDRESS;

beforeAll(async () => {
  box = await suite.kit.mailboxOf(USER);
});

async function createRule(email: string, body: unknown) {
  const res = await suite.kit.as(email, 'POST', 'mail-rules', body);
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; name: string; paused: boolean; appliedCount: number };
}

async function receive(kind: string, sender: string) {
  const res = await suite.kit.receive(SUPER, box, { kind, sender, ...(kind === 'package' ? { weightLb: '2' } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    number: number;
    status: string;
    folder: string;
    rule: { id: string; name: string } | null;
  };
}

const itemOf = async (id: string) => (await suite.kit.as(USER, 'GET', `mail-items/${id}`)).json().data;

describe('mail rules: access', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
    ['GET', 'mail-rules'],
    ['POST', 'mail-rules', { name: 'x', match: { kind: 'letter' }, action: { type: 'notify' } }],
    ['PATCH', `mail-rules/${id}`, { paused: true }],
    ['DELETE', `mail-rules/${id}`],
  ];

  it('answers 401 without a session and 403 to an operator', async () => {
    for (const [method, url, body] of calls) {
      expect((await suite.kit.as(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await suite.kit.as(SUPER, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses shred unless the kind is a letter, and a rule without a condition (422)', async () => {
    const shred = await suite.kit.as(USER, 'POST', 'mail-rules', {
      name: 'Shred flyers',
      match: { sender: { op: 'contains', value: 'flyers' } },
      action: { type: 'shred' },
    });
    expect(shred.statusCode).toBe(422);
    expect(shred.json().message).toBe(MAIL_RULE_MESSAGES.shredLettersOnly);
    const packageShred = await suite.kit.as(USER, 'POST', 'mail-rules', {
      name: 'Shred parcels',
      match: { kind: 'package' },
      action: { type: 'shred' },
    });
    expect(packageShred.statusCode).toBe(422);
    const empty = await suite.kit.as(USER, 'POST', 'mail-rules', {
      name: 'All',
      match: {},
      action: { type: 'notify' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(MAIL_RULE_MESSAGES.conditionRequired);
  });

  it('keeps each customer to their own rules: another customer’s rule is 404', async () => {
    const mine = await createRule(USER, {
      name: 'Notify on tax mail',
      match: { sender: { op: 'contains', value: 'Tax Board' } },
      action: { type: 'notify' },
    });
    const theirs = (await suite.kit.as(AVA, 'GET', 'mail-rules?pageSize=100')).json();
    expect(theirs.items.map((r: { id: string }) => r.id)).not.toContain(mine.id);
    expect((await suite.kit.as(AVA, 'PATCH', `mail-rules/${mine.id}`, { paused: true })).statusCode).toBe(404);
    expect((await suite.kit.as(AVA, 'DELETE', `mail-rules/${mine.id}`)).statusCode).toBe(404);
    const list = (await suite.kit.as(USER, 'GET', 'mail-rules?pageSize=100')).json();
    expect(list.items.map((r: { id: string }) => r.id)).toContain(mine.id);
  });

  it('edits, pauses, resumes and deletes a rule; an edit that breaks the shred rule is 422', async () => {
    const rule = await createRule(USER, {
      name: 'Shred bank ads',
      match: { sender: { op: 'contains', value: 'Promo Bank' }, kind: 'letter' },
      action: { type: 'shred' },
    });
    const renamed = await suite.kit.as(USER, 'PATCH', `mail-rules/${rule.id}`, { name: 'Shred Promo Bank ads' });
    expect(renamed.json().data).toMatchObject({ name: 'Shred Promo Bank ads', paused: false });
    expect((await suite.kit.as(USER, 'PATCH', `mail-rules/${rule.id}`, { paused: true })).json().data.paused).toBe(
      true,
    );
    expect((await suite.kit.as(USER, 'PATCH', `mail-rules/${rule.id}`, { paused: false })).json().data.paused).toBe(
      false,
    );
    const broken = await suite.kit.as(USER, 'PATCH', `mail-rules/${rule.id}`, { match: { kind: 'package' } });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe(MAIL_RULE_MESSAGES.shredLettersOnly);
    expect((await suite.kit.as(USER, 'DELETE', `mail-rules/${rule.id}`)).statusCode).toBe(200);
    expect((await suite.kit.as(USER, 'PATCH', `mail-rules/${rule.id}`, { paused: true })).statusCode).toBe(404);
  });
});

describe('mail rules at intake', () => {
  it('a scan rule asks for the scan as a request by hand would, and the item names the rule', async () => {
    const rule = await createRule(USER, {
      name: 'Scan city letters',
      match: { sender: { op: 'contains', value: 'city of austin' }, kind: 'letter' },
      action: { type: 'scan' },
    });
    const before = (await suite.kit.as(USER, 'GET', 'mailboxes/my')).json().data.scansRemaining;
    const letter = await receive('letter', 'City of Austin Utilities');
    const item = await itemOf(letter.id);
    expect(item.status).toBe('scan_requested');
    expect(item.openRequest).toMatchObject({ type: 'scan', status: 'requested' });
    expect(item.rule).toEqual({ id: rule.id, name: 'Scan city letters' });
    expect((await suite.kit.as(USER, 'GET', 'mailboxes/my')).json().data.scansRemaining).toBe(before - 1);
    // A package from the same sender is not scanned: the rule names letters.
    const parcel = await receive('package', 'City of Austin Utilities');
    expect((await itemOf(parcel.id)).rule).toBeNull();
  });

  it('a scan the rule cannot make (no scans left) is not made, and the customer is told why', async () => {
    await createRule(USER, {
      name: 'Scan permits',
      match: { sender: { op: 'contains', value: 'permit office' } },
      action: { type: 'scan' },
    });
    const [user] = await suite.t.database.db.select().from(users).where(eq(users.email, USER));
    const [sub] = await suite.t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    const [balance] = await suite.t.database.db.select().from(scanBalances).where(eq(scanBalances.userId, user!.id));
    await suite.t.database.db
      .update(subscriptions)
      .set({ scansRemaining: 0 })
      .where(eq(subscriptions.userId, user!.id));
    await suite.t.database.db.update(scanBalances).set({ topupScans: 0 }).where(eq(scanBalances.userId, user!.id));
    try {
      const letter = await receive('letter', 'City Permit Office');
      const item = await itemOf(letter.id);
      expect(item).toMatchObject({ status: 'received', openRequest: null, rule: null });
      const told = await suite.t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.mailItemId, letter.id));
      expect(told.map((n) => n.title)).toContain(`Your rule “Scan permits” could not scan M-${letter.number}`);
    } finally {
      await suite.t.database.db
        .update(subscriptions)
        .set({ scansRemaining: sub!.scansRemaining })
        .where(eq(subscriptions.userId, user!.id));
      if (balance) {
        await suite.t.database.db
          .update(scanBalances)
          .set({ topupScans: balance.topupScans })
          .where(eq(scanBalances.userId, user!.id));
      }
    }
  });

  it('a forward rule books a paid forward with the chosen service, priced like one by hand', async () => {
    await createRule(USER, {
      name: 'Forward parts',
      match: { sender: { op: 'equals', value: 'Rule Parts Depot' } },
      action: { type: 'forward', address: ADDRESS, service: 'UPS Ground' },
    });
    const parcel = await receive('package', 'Rule Parts Depot');
    const item = await itemOf(parcel.id);
    expect(item.status).toBe('forward_requested');
    expect(item.rule.name).toBe('Forward parts');
    const [request] = await suite.t.database.db
      .select()
      .from(mailRequests)
      .where(eq(mailRequests.mailItemId, parcel.id));
    expect(request).toMatchObject({ type: 'forward', carrierService: 'UPS Ground', status: 'requested' });
    expect(request!.paidCents).toBe(request!.estimate!.totalCents);
    expect(request!.paidCents).toBeGreaterThan(0);
  });

  it('junk and archive act as the item is recorded; a paused rule does nothing', async () => {
    const junk = await createRule(USER, {
      name: 'Junk coupons',
      match: { sender: { op: 'contains', value: 'coupon club' } },
      action: { type: 'junk' },
    });
    const junked = await receive('letter', 'Coupon Club Weekly');
    expect(junked).toMatchObject({ status: 'junked', rule: { id: junk.id, name: 'Junk coupons' } });
    await createRule(USER, {
      name: 'Archive statements',
      match: { sender: { op: 'contains', value: 'pension fund' } },
      action: { type: 'archive' },
    });
    const archived = await receive('letter', 'Teachers Pension Fund');
    expect(archived).toMatchObject({ status: 'received', folder: 'archive' });
    await suite.kit.as(USER, 'PATCH', `mail-rules/${junk.id}`, { paused: true });
    const kept = await receive('letter', 'Coupon Club Weekly');
    expect(kept).toMatchObject({ status: 'received', folder: 'inbox', rule: null });
    const rules = (await suite.kit.as(USER, 'GET', 'mail-rules?pageSize=100')).json().items;
    expect(rules.find((r: { id: string }) => r.id === junk.id).appliedCount).toBe(1);
  });

  it('a notify rule names itself in the new-mail notice', async () => {
    await createRule(USER, {
      name: 'Court mail',
      match: { sender: { op: 'contains', value: 'superior court' } },
      action: { type: 'notify' },
    });
    const letter = await receive('letter', 'Superior Court of California');
    expect(letter.rule?.name).toBe('Court mail');
    const told = await suite.t.database.db.select().from(notifications).where(eq(notifications.mailItemId, letter.id));
    expect(told.map((n) => n.title)).toContain('Rule “Court mail”: new letter from Superior Court of California');
  });

  it('a rule on words waits for the recognised text, then acts', async () => {
    const rule = await createRule(USER, {
      name: 'Notify on jury duty',
      match: { words: 'jury summons' },
      action: { type: 'notify' },
    });
    const letter = await receive('letter', 'Travis County Clerk');
    expect(letter.rule).toBeNull();
    const acted = await applyRulesToRecognisedText(
      mailContext(suite.t.app),
      letter.id,
      'OFFICIAL JURY SUMMONS for Jordan',
    );
    expect(acted).toEqual({ ruleId: rule.id, ruleName: 'Notify on jury duty' });
    expect((await itemOf(letter.id)).rule).toEqual({ id: rule.id, name: 'Notify on jury duty' });
  });

  it('"always junk this sender" on a junk request becomes a rule of the customer', async () => {
    const letter = await receive('letter', 'Sweepstakes Central');
    const res = await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, {
      type: 'junk',
      alwaysForSender: true,
    });
    expect(res.statusCode).toBe(200);
    const rules = (await suite.kit.as(USER, 'GET', 'mail-rules?pageSize=100')).json().items;
    const rule = rules.find((r: { name: string }) => r.name === 'Always junk Sweepstakes Central');
    expect(rule).toMatchObject({
      match: { sender: { op: 'equals', value: 'Sweepstakes Central' } },
      action: { type: 'junk' },
    });
    const next = await receive('letter', 'sweepstakes central');
    expect(next).toMatchObject({ status: 'junked', rule: { id: rule.id } });
    const [row] = await suite.t.database.db.select().from(mailItems).where(eq(mailItems.id, next.id));
    expect(row!.storageEndedAt).not.toBeNull();
  });
});
