import sharp from 'sharp';
import { validationFailed } from '../../lib/errors';

/**
 * The most pixels an uploaded image may have (40 megapixels: a phone photo is 12 to 50, a scan at 600 dpi of a
 * letter page about 35). A small file can claim an enormous picture (a 20000×20000 PNG of one colour is a few
 * kilobytes and 1.2 GB once decoded), so the size is read from the header before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

type Image = ReturnType<typeof sharp>;

const OUTPUT: Record<string, (image: Image) => Image> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90, mozjpeg: true }),
  'image/png': (image) => image.png({ compressionLevel: 9 }),
  'image/webp': (image) => image.webp({ quality: 90 }),
  'image/gif': (image) => image.gif(),
};

function tooLarge(field: string, label: string) {
  const msg = `${label} must be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  return validationFailed(msg, { [field]: msg });
}

function unreadable(field: string, label: string) {
  const msg = `${label} could not be read as an image`;
  return validationFailed(msg, { [field]: msg });
}

/** Refuses an image whose header declares more than MAX_IMAGE_PIXELS (all frames together), without decoding. */
export async function assertPixelBudget(field: string, body: Buffer, label: string): Promise<void> {
  let meta: Awaited<ReturnType<Image['metadata']>>;
  try {
    // Header only: metadata() reads the dimensions without decoding a pixel.
    meta = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable(field, label);
  }
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const pixels = (meta.width ?? 0) * frameHeight * Math.max(1, meta.pages ?? 1);
  if (!meta.width || !frameHeight) throw unreadable(field, label);
  if (pixels > MAX_IMAGE_PIXELS) throw tooLarge(field, label);
}

/**
 * Decodes and writes an image again in its own format before it is stored for others to see (ID photos, mail
 * photos, logos): only pixels survive. Metadata (GPS position, camera, comments), bytes appended after the image
 * and anything a crafted file carries for another decoder are gone; JPEG orientation is applied to the pixels.
 */
export async function reencodeImage(field: string, body: Buffer, mime: string, label: string): Promise<Buffer> {
  const write = OUTPUT[mime];
  if (!write) return body;
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    const image = sharp(body, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' });
    return await write(animated ? image : image.rotate()).toBuffer();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooLarge(field, label);
    throw unreadable(field, label);
  }
}
