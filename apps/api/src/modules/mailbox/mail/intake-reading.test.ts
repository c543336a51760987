import { beforeAll, describe, expect, it } from 'vitest';
import type { IntakeReading, MailboxDetail } from '@postwise/shared/mail-api';
import type { MailSender } from '@postwise/shared/compliance';
import { suiteApp } from '../../../test/suite-app';
import { textPng } from '../../../test/ocr-fixtures';
import { pmbNumbersIn, senderIn } from './envelope-reading';
import { mailKit, multipart, PDF } from './mail-test-kit';

describe('reading an envelope', () => {
  it('finds PMB numbers in both USPS designations, never a bare number', () => {
    expect(pmbNumbersIn('Jordan Lee\n123 Main St PMB 1003\nLos Angeles CA 90012')).toEqual([1003]);
    expect(pmbNumbersIn('P.M.B. #77 and #1003')).toEqual([77, 1003]);
    expect(pmbNumbersIn('pmb1003')).toEqual([1003]);
    expect(pmbNumbersIn('123 Main St\nLos Angeles CA 90012')).toEqual([]);
  });

  it('takes the sender from a From line, a known sender written on it, or the return address', () => {
    expect(senderIn('From: Acme Parts Inc\nJordan Lee')).toEqual({ sender: 'Acme Parts Inc', known: false });
    expect(
      senderIn('BANK OF EXAMPLE NA\nPO Box 15\nJordan Lee', { knownSenders: ['Bank of Example NA', 'Bank'] }),
    ).toEqual({ sender: 'Bank of Example NA', known: true });
    expect(
      senderIn('PRSRT STD US POSTAGE PAID\nKingfisher Insurance\n55 Ocean Ave\nDenver CO 80202\nJordan Lee\nPMB 1003', {
        holderNames: ['Jordan Lee'],
      }),
    ).toEqual({ sender: 'Kingfisher Insurance', known: false });
    expect(senderIn('Jordan Lee\n123 Main St', { holderNames: ['Jordan Lee'] })).toBeNull();
  });
});

let userBox: string;
let box: MailboxDetail;

const SUPER = 'superadmin@example.com';
const SUB = 'subadmin@example.com';
const USER = 'user@example.com';

const suite = suiteApp(mailKit);
beforeAll(async () => {
  userBox = await suite.kit.mailboxOf(USER);
  box = (await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}`)).json().data;
});

async function read(email: string | null, files: { body: Buffer; name: string; type: string }[]) {
  const form = multipart({}, files);
  return suite.kit.as(email, 'POST', 'mail-intake/read', form.payload, form.headers);
}

describe('POST mail-intake/read', () => {
  it('pre-fills the box (with its status) and the sender from the photo', async () => {
    const photo = await textPng([
      'Kingfisher Insurance',
      '55 Ocean Ave',
      'Denver CO 80202',
      '',
      box.holder.fullName,
      `PMB ${box.pmbNumber}`,
    ]);
    const res = await read(SUPER, [{ body: photo, name: 'envelope.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    const reading = res.json().data as IntakeReading;
    expect(reading.pmbNumber).toBe(box.pmbNumber);
    expect(reading.mailbox).toMatchObject({ id: userBox, status: 'active', pmb: box.pmb });
    expect(reading.sender).toBe('Kingfisher Insurance');
    expect(reading.senderKnown).toBe(false);
    expect(reading.text).toMatch(/Kingfisher Insurance/);

    // A sender the box has received from before is recognised as such.
    await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Kingfisher Insurance Co' });
    const photo2 = await textPng([
      'KINGFISHER INSURANCE CO',
      'Claims department',
      box.holder.fullName,
      `#${box.pmbNumber}`,
    ]);
    const again = (await read(SUPER, [{ body: photo2, name: 'envelope.png', type: 'image/png' }])).json().data;
    expect(again).toMatchObject({ sender: 'Kingfisher Insurance Co', senderKnown: true, mailbox: { id: userBox } });
  });

  it('never names a box of a store the operator does not own', async () => {
    const photo = await textPng(['Kingfisher Insurance', box.holder.fullName, `PMB ${box.pmbNumber}`]);
    const res = await read(SUB, [{ body: photo, name: 'envelope.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    const reading = res.json().data as IntakeReading;
    expect(reading.mailbox?.id).not.toBe(userBox);
    expect(reading.candidates.map((c) => c.id)).not.toContain(userBox);
  });

  it('answers 401 without a session, 403 to a customer, 422 without an image', async () => {
    const png = await textPng(['x']);
    expect((await read(null, [{ body: png, name: 'a.png', type: 'image/png' }])).statusCode).toBe(401);
    expect((await read(USER, [{ body: png, name: 'a.png', type: 'image/png' }])).statusCode).toBe(403);
    const none = await read(SUPER, []);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.media).toBe('Attach a photo of the envelope or label');
    const pdf = await read(SUPER, [{ body: PDF, name: 'a.pdf', type: 'application/pdf' }]);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.media).toBe('Photo must be an image');
    const json = await suite.kit.as(SUPER, 'POST', 'mail-intake/read', {});
    expect(json.statusCode).toBe(422);
  });
});

describe('GET mailboxes/{id}/senders', () => {
  it('offers the box’s earlier senders as the operator types, to its store’s operators only', async () => {
    await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Zephyr Telecom' });
    await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'zephyr telecom ' });
    await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Zenith Bank' });
    const res = await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}/senders?search=zep`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as MailSender[];
    expect(items.map((s) => [s.sender.toLowerCase(), s.count])).toEqual([['zephyr telecom', 2]]);
    const ze = (await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}/senders?search=ze`)).json()
      .items as MailSender[];
    // Case and spacing as typed are one sender; received at the same moment, they are in name order.
    expect(ze.map((s) => s.sender.toLowerCase())).toEqual(['zenith bank', 'zephyr telecom']);
    expect((await suite.kit.as(SUB, 'GET', `mailboxes/${userBox}/senders`)).statusCode).toBe(403);
    expect((await suite.kit.as(USER, 'GET', `mailboxes/${userBox}/senders`)).statusCode).toBe(403);
    const long = await suite.kit.as(SUPER, 'GET', `mailboxes/${userBox}/senders?search=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
  });
});
