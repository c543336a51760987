import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailItem } from '@postwise/shared/mail-api';
import { suiteApp } from '../../../test/suite-app';
import { scannedPdf, textPng } from '../../../test/ocr-fixtures';
import { jobIdForKey, JOB_SCHEMA } from '../../../lib/job-queue';
import { mailItems } from '../schema/mail';
import { headlineParts } from './mail-records';
import { mailKit, multipart } from './mail-test-kit';
import { RECOGNISE_MAIL_TEXT_JOB } from './recognise-text';

const suite = suiteApp(mailKit);
let userBox: string;

const SUPER = 'superadmin@example.com';
const USER = 'user@example.com';
const OTHER = 'ava.nguyen@example.com';

beforeAll(async () => {
  userBox = await suite.kit.mailboxOf(USER);
});

async function inbox(email: string, search: string): Promise<MailItem[]> {
  const res = await suite.kit.as(email, 'GET', `mail-items?folder=inbox&search=${encodeURIComponent(search)}`);
  expect(res.statusCode).toBe(200);
  return res.json().items as MailItem[];
}

async function item(email: string, id: string): Promise<MailItem> {
  const res = await suite.kit.as(email, 'GET', `mail-items/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as MailItem;
}

async function jobState(key: string): Promise<string | undefined> {
  const rows = await suite.t.database.db.execute(
    sql`select state from ${sql.raw(JOB_SCHEMA)}.job where id = ${jobIdForKey(RECOGNISE_MAIL_TEXT_JOB, key)}`,
  );
  return (rows as unknown as { rows: { state: string }[] }).rows[0]?.state;
}

describe('searchable scans and envelopes', () => {
  it('splits a marked headline into parts, the searched words flagged', () => {
    expect(headlineParts('covers the \u0002tangerine\u0003 \u0002orchard\u0003 behind')).toEqual([
      { text: 'covers the ', match: false },
      { text: 'tangerine', match: true },
      { text: ' ', match: false },
      { text: 'orchard', match: true },
      { text: ' behind', match: false },
    ]);
  });

  it('reads an envelope photo and a scanned page in the background; the holder finds the item by their words', async () => {
    const photo = await textPng(['Kingfisher Insurance', 'Jordan Lee', 'PMB 1003']);
    const received = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Policy Office' }, [
      { body: photo, name: 'front.png', type: 'image/png' },
    ]);
    expect(received.statusCode).toBe(200);
    const letter = received.json().data as MailItem;
    // Queued with the intake, read only when the job runs.
    expect(letter.searchable).toEqual({ envelope: false, scan: false });
    expect(await jobState(`${letter.id}:envelope`)).toBe('created');
    expect(await inbox(USER, 'kingfisher')).toEqual([]);

    await suite.t.drainJobs();
    expect(await jobState(`${letter.id}:envelope`)).toBe('completed');
    const found = await inbox(USER, 'kingfisher');
    expect(found.map((i) => i.id)).toEqual([letter.id]);
    expect(found[0]!.searchable).toEqual({ envelope: true, scan: false });
    expect(found[0]!.searchMatch?.source).toBe('envelope');
    const marked = found[0]!.searchMatch!.parts.filter((p) => p.match).map((p) => p.text.toLowerCase());
    expect(marked).toEqual(['kingfisher']);
    // The sender search still works, with no match in the text to show.
    const bySender = await inbox(USER, 'Policy Off');
    expect(bySender.map((i) => i.id)).toEqual([letter.id]);
    expect(bySender[0]!.searchMatch).toBeUndefined();

    // The customer asks for the scan; the store uploads a scanned page (a picture only: no text layer).
    const asked = await suite.kit.as(USER, 'POST', `mail-items/${letter.id}/requests`, { type: 'scan' });
    expect(asked.statusCode).toBe(200);
    const requestId = asked.json().data.request.id as string;
    const pdf = await scannedPdf(['Renewal notice', 'Your policy covers the tangerine orchard', 'Thank you']);
    const form = multipart({}, [{ body: pdf, name: 'scan.pdf', type: 'application/pdf' }]);
    const done = await suite.kit.as(SUPER, 'POST', `mail-requests/${requestId}/complete`, form.payload, form.headers);
    expect(done.statusCode).toBe(200);
    expect(await inbox(USER, 'orchard')).toEqual([]);

    await suite.t.drainJobs();
    const byScan = await inbox(USER, 'tangerine orchard');
    expect(byScan.map((i) => i.id)).toEqual([letter.id]);
    expect(byScan[0]!.searchable).toEqual({ envelope: true, scan: true });
    expect(byScan[0]!.searchMatch?.source).toBe('scan');
    expect(byScan[0]!.searchMatch!.parts.filter((p) => p.match).map((p) => p.text.toLowerCase())).toEqual([
      'tangerine',
      'orchard',
    ]);
    // English stemming: "orchards" finds "orchard".
    expect((await inbox(USER, 'orchards')).map((i) => i.id)).toEqual([letter.id]);

    const detail = await item(USER, letter.id);
    expect(detail.recognisedText?.scan).toMatch(/tangerine orchard/i);
    expect(detail.recognisedText?.envelope).toMatch(/Kingfisher Insurance/i);
    // Lists do not carry the whole text.
    expect(found[0]!.recognisedText).toBeUndefined();

    // Another customer never finds it, by either word.
    expect(await inbox(OTHER, 'kingfisher')).toEqual([]);
    expect(await inbox(OTHER, 'tangerine')).toEqual([]);
    expect((await suite.kit.as(OTHER, 'GET', `mail-items/${letter.id}`)).statusCode).toBe(404);
  });

  it('a rule on words acts once the envelope is read', async () => {
    const rule = await suite.kit.as(USER, 'POST', 'mail-rules', {
      name: 'Jury duty',
      match: { words: 'jury summons' },
      action: { type: 'notify' },
    });
    expect(rule.statusCode).toBe(200);
    const photo = await textPng(['OFFICIAL JURY SUMMONS', 'Superior Court']);
    const res = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'County Clerk' }, [
      { body: photo, name: 'front.png', type: 'image/png' },
    ]);
    const letter = res.json().data as MailItem;
    expect(letter.rule).toBeNull();
    await suite.t.drainJobs();
    expect((await item(USER, letter.id)).rule?.name).toBe('Jury duty');
  });

  it('leaves a file no decoder opens unsearchable, without retrying it', async () => {
    const res = await suite.kit.receive(SUPER, userBox, { kind: 'letter', sender: 'Blank Envelope Co' }, []);
    const letter = res.json().data as MailItem;
    // A photo the decoder refuses (stored bytes damaged after the upload check).
    await suite.t.database.db
      .update(mailItems)
      .set({ photoKeys: [`mail/${userBox}/${letter.id}/photo-0`] })
      .where(eq(mailItems.id, letter.id));
    await suite.t.app.storage.put(`mail/${userBox}/${letter.id}/photo-0`, Buffer.from('not an image'), 'image/png');
    const { queueTextRecognition } = await import('./recognise-text');
    await queueTextRecognition(suite.t.database.db, letter.id, 'envelope');
    await suite.t.drainJobs();
    expect(await jobState(`${letter.id}:envelope`)).toBe('completed');
    expect((await item(USER, letter.id)).searchable.envelope).toBe(false);
  });
});
