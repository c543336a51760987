import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { mailItems } from '../schema/mail';
import { textPdf } from '../../../test/ocr-fixtures';
import { mailKit, multipart } from './mail-test-kit';
import { scanPreviewKey, thumbnailKey } from './photo-thumbnails';

const OPERATOR = 'superadmin@example.com';
const OWNER = 'user@example.com';
const OTHER = 'mailbox@example.com';

let item: { id: string; photoUrls: string[]; photoThumbnailUrls: string[] };

const suite = suiteApp(mailKit);
beforeAll(async () => {
  // A phone-sized envelope photo: 1600 × 1200.
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d8c9a7' } })
    .jpeg()
    .toBuffer();
  const res = await suite.kit.receive(
    OPERATOR,
    await suite.kit.mailboxOf(OWNER),
    { kind: 'letter', sender: 'Thumbnail Co' },
    [{ body: photo, name: 'front.jpg', type: 'image/jpeg' }],
  );
  expect(res.statusCode).toBe(200);
  const list = await suite.kit.as(OWNER, 'GET', 'mail-items?folder=inbox&pageSize=100');
  item = list.json().items.find((i: { id: string }) => i.id === res.json().data.id);
});

/** The app-relative link as a browser's <img> requests it: no session header. */
const fetchLink = (link: string) => suite.t.app.inject({ method: 'GET', url: link });

describe('mail photo thumbnails by signed link', () => {
  it('answers a WebP of the asked width, cacheable by the browser only, and keeps it in file storage', async () => {
    expect(item.photoThumbnailUrls).toHaveLength(1);
    const link = item.photoThumbnailUrls[0]!;
    expect(link).toMatch(/^\/api\/v1\/mail-items\/[^/]+\/photos\/0\/thumbnail\?expires=\d+&signature=/);
    for (const width of [160, 320, 640, 1280]) {
      const res = await fetchLink(`${link}&width=${width}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      const meta = await sharp(res.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width,
        height: width * 0.75,
      });
    }
    const small = await fetchLink(`${link}&width=320`);
    const original = await suite.kit.as(OWNER, 'GET', `mail-items/${item.id}/photos/0`);
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length);
    // Made once: the stored thumbnail is what the next request reads.
    const [row] = await suite.t.database.db
      .select({ photoKeys: mailItems.photoKeys })
      .from(mailItems)
      .where(eq(mailItems.id, item.id));
    const kept = await suite.t.app.storage.get(thumbnailKey(row!.photoKeys[0]!, 320));
    expect(kept?.contentType).toBe('image/webp');
    expect(Buffer.compare(kept!.body, small.rawPayload)).toBe(0);
  });

  it('refuses an altered or expired link (403) and a width that is not offered (422)', async () => {
    const link = item.photoThumbnailUrls[0]!;
    const altered = link.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetchLink(`${altered}&width=320`)).statusCode).toBe(403);
    const otherPhoto = link.replace('/photos/0/', '/photos/1/');
    expect((await fetchLink(`${otherPhoto}&width=320`)).statusCode).toBe(403);
    expect((await fetchLink(`${link}&width=333`)).statusCode).toBe(422);
    suite.kit.advance(25 * 3600 * 1000);
    expect((await fetchLink(`${link}&width=320`)).statusCode).toBe(403);
  });
});

describe('GET mail-items/{id}/photos/{n}?width=', () => {
  it('answers the thumbnail to the box holder with the session, and to no one else', async () => {
    const url = `mail-items/${item.id}/photos/0?width=160`;
    const mine = await suite.kit.as(OWNER, 'GET', url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect((await sharp(mine.rawPayload).metadata()).width).toBe(160);
    expect((await suite.kit.as(OTHER, 'GET', url)).statusCode).toBe(404);
    expect((await suite.kit.as(null, 'GET', url)).statusCode).toBe(401);
    // Without a width: the original, as before.
    const original = await suite.kit.as(OWNER, 'GET', `mail-items/${item.id}/photos/0`);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the contents scan previewed by signed link', () => {
  it('shows the first page as WebP of the asked width; the PDF only when opened; no link before a scan', async () => {
    const before = await suite.kit.as(OWNER, 'GET', `mail-items/${item.id}`);
    expect(before.json().data.scanPreviewUrl).toBeNull();
    const asked = await suite.kit.as(OWNER, 'POST', `mail-items/${item.id}/requests`, { type: 'scan' });
    expect(asked.statusCode).toBe(200);
    const pdf = await textPdf(['Statement of account', 'Balance due: none']);
    const form = multipart({}, [{ body: pdf, name: 'scan.pdf', type: 'application/pdf' }]);
    const requestId = asked.json().data.request.id as string;
    const done = await suite.kit.as(
      OPERATOR,
      'POST',
      `mail-requests/${requestId}/complete`,
      form.payload,
      form.headers,
    );
    expect(done.statusCode).toBe(200);

    const scanned = (await suite.kit.as(OWNER, 'GET', `mail-items/${item.id}`)).json().data;
    const link = scanned.scanPreviewUrl as string;
    expect(link).toMatch(/^\/api\/v1\/mail-items\/[^/]+\/scan\/preview\?expires=\d+&signature=/);
    for (const width of [320, 640]) {
      const res = await fetchLink(`${link}&width=${width}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      const meta = await sharp(res.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width });
      // A US Letter page (8.5 × 11 in) keeps its proportions (to the pixel the renderer rounds).
      expect(Math.abs(meta.height! - (width * 11) / 8.5)).toBeLessThanOrEqual(1);
    }
    // Kept beside the scan: the next request reads it back.
    const [row] = await suite.t.database.db
      .select({ contentScanKey: mailItems.contentScanKey })
      .from(mailItems)
      .where(eq(mailItems.id, item.id));
    expect((await suite.t.app.storage.get(scanPreviewKey(row!.contentScanKey!, 320)))?.contentType).toBe('image/webp');

    // A photo's link does not open the scan's preview, nor an altered one; a width not offered is refused.
    const photoSignature = new URL(item.photoThumbnailUrls[0]!, 'http://x').searchParams.get('signature')!;
    const borrowed = link.replace(/signature=[^&]+/, `signature=${photoSignature}`);
    expect((await fetchLink(`${borrowed}&width=320`)).statusCode).toBe(403);
    expect((await fetchLink(`${link}&width=333`)).statusCode).toBe(422);
    suite.kit.advance(25 * 3600 * 1000);
    expect((await fetchLink(`${link}&width=320`)).statusCode).toBe(403);
  });
});
