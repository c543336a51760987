import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { mailKit, PDF, multipart, PNG } from './mail-test-kit';

let itemId: string;
let requestId: string;
let userBox: string;

const ANON = null;
const SUPER = 'superadmin@example.com';
const SUB = 'subadmin@example.com';
const OWNER = 'user@example.com';
const OTHER = 'mailbox@example.com';
const CALLERS = [ANON, SUPER, SUB, OWNER, OTHER] as const;

const suite = suiteApp(mailKit);
beforeAll(async () => {
  userBox = await suite.kit.mailboxOf(OWNER);
  const res = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Matrix Co' }, [
    { body: PNG, name: 'front.png', type: 'image/png' },
  ]);
  itemId = res.json().data.id;
  const made = await suite.kit.as(OWNER, 'POST', `mail-items/${itemId}/requests`, { type: 'scan' });
  requestId = made.json().data.request.id;
  const form = multipart({}, [{ body: PDF, name: 'scan.pdf', type: 'application/pdf' }]);
  await suite.kit.as(SUPER, 'POST', `mail-requests/${requestId}/complete`, form.payload, form.headers);
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
      for (const caller of CALLERS) got.push((await suite.kit.as(caller, 'GET', url)).statusCode);
      expect(got).toEqual(expected);
    });
  }

  it('shows the sub-admin’s queue only their stores’ requests', async () => {
    const queue = (await suite.kit.as(SUB, 'GET', 'mail-requests?status=completed&pageSize=100')).json();
    expect(queue.items.map((r: { id: string }) => r.id)).not.toContain(requestId);
    const all = (await suite.kit.as(SUPER, 'GET', 'mail-requests?status=completed&pageSize=100')).json();
    expect(all.items.map((r: { id: string }) => r.id)).toContain(requestId);
  });
});
