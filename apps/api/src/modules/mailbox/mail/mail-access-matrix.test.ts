import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailKit, PDF, multipart, PNG } from './mail-test-kit';

let t: TestApp;
let k: ReturnType<typeof mailKit>;
let itemId: string;
let requestId: string;
let userBox: string;

const ANON = null;
const SUPER = 'superadmin@example.com';
const SUB = 'subadmin@example.com';
const OWNER = 'user@example.com';
const OTHER = 'mailbox@example.com';
const CALLERS = [ANON, SUPER, SUB, OWNER, OTHER] as const;

beforeAll(async () => {
  t = await createTestApp();
  k = mailKit(t);
  userBox = await k.mailboxOf(OWNER);
  const res = await k.receive(SUPER, userBox, { kind: 'letter', sender: 'Matrix Co' }, [
    { body: PNG, name: 'front.png', type: 'image/png' },
  ]);
  itemId = res.json().data.id;
  const made = await k.as(OWNER, 'POST', `mail-items/${itemId}/requests`, { type: 'scan' });
  requestId = made.json().data.request.id;
  const form = multipart({}, [{ body: PDF, name: 'scan.pdf', type: 'application/pdf' }]);
  await k.as(SUPER, 'POST', `mail-requests/${requestId}/complete`, form.payload, form.headers);
});

afterAll(async () => {
  await t.close();
});

describe('who may read what (an item of user@example.com’s box at the platform store)', () => {
  // Expected status per caller: anonymous, super admin, sub-admin of another store, box holder, other customer.
  const matrix: [string, number[]][] = [
    ['mailboxes', [401, 200, 200, 403, 403]],
    ['mailboxes/my', [401, 403, 403, 200, 200]],
    ['mailboxes/{box}', [401, 200, 403, 403, 403]],
    ['mailboxes/{box}/labels', [401, 200, 403, 403, 403]],
    ['mailboxes/{box}/senders', [401, 200, 403, 403, 403]],
    ['mail-items', [401, 403, 403, 200, 200]],
    ['mail-items/{item}', [401, 200, 403, 200, 404]],
    ['mail-items/{item}/photos/0', [401, 200, 403, 200, 404]],
    ['mail-items/{item}/scan', [401, 200, 403, 200, 404]],
    ['mail-items/{item}/label', [401, 200, 403, 403, 403]],
    ['mail-requests', [401, 200, 200, 403, 403]],
    ['mail-requests/{request}', [401, 200, 403, 200, 404]],
    ['notifications', [401, 200, 200, 200, 200]],
  ];

  for (const [path, expected] of matrix) {
    it(`GET ${path}`, async () => {
      const url = path.replace('{box}', userBox).replace('{item}', itemId).replace('{request}', requestId);
      const got: number[] = [];
      for (const caller of CALLERS) got.push((await k.as(caller, 'GET', url)).statusCode);
      expect(got).toEqual(expected);
    });
  }

  it('shows the sub-admin’s queue only their stores’ requests', async () => {
    const queue = (await k.as(SUB, 'GET', 'mail-requests?status=completed&pageSize=100')).json();
    expect(queue.items.map((r: { id: string }) => r.id)).not.toContain(requestId);
    const all = (await k.as(SUPER, 'GET', 'mail-requests?status=completed&pageSize=100')).json();
    expect(all.items.map((r: { id: string }) => r.id)).toContain(requestId);
  });
});
