import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { pngDeclaring } from '../../test/images';
import { acceptUpload, checkUpload } from './upload-check';

async function refusal(run: Promise<unknown>): Promise<AppError> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('image uploads', () => {
  it('refuses a 20000×20000 PNG from its header, before decoding it (422)', async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2_000);
    const started = performance.now();
    const err = await refusal(checkUpload('media', bomb, { label: 'Photo' }));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(err.httpStatus).toBe(422);
    expect(err.errors).toEqual({ media: 'Photo must be at most 40 megapixels' });
  });

  it('accepts an image within the budget', async () => {
    expect(await checkUpload('media', pngDeclaring(6_000, 6_000), { label: 'Photo' })).toBe('image/png');
  });

  it('re-encodes an image: metadata and bytes appended after it are gone, the picture stays', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c2410c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-gps-marker', ImageDescription: 'secret-gps-marker' } })
      .toBuffer();
    const payload = Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]);
    expect(payload.includes('secret-gps-marker')).toBe(true);
    const stored = await acceptUpload('media', payload, { label: 'Photo' });
    expect(stored.contentType).toBe('image/jpeg');
    expect(stored.body.includes('secret-gps-marker')).toBe(false);
    expect(stored.body.includes('<script>')).toBe(false);
    const meta = await sharp(stored.body).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
      width: 64,
      height: 48,
      format: 'jpeg',
    });
  });

  it('stores a PDF as uploaded', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const stored = await acceptUpload('file', pdf);
    expect(stored).toEqual({ contentType: 'application/pdf', body: pdf });
  });

  it('refuses an image whose pixels cannot be decoded with a 422, not a 500', async () => {
    const err = await refusal(acceptUpload('media', pngDeclaring(100, 100), { label: 'Photo' }));
    expect(err.httpStatus).toBe(422);
  });
});
