import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAIL_PHOTO_THUMBNAIL_WIDTHS } from '@postwise/shared/mail';
import { API_BASE_PATH } from '@postwise/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import type { AppConfig } from '../../../config';
import type { FileStorage, StoredFile } from '../../../integrations/storage/file-storage';
import { renderPdfPage } from '../../../integrations/ocr/text-recognition';
import { keptInDataDir } from '../../../lib/kept-secret';

/**
 * Signed thumbnail links: an <img srcset> cannot send the session header, so each photo's thumbnails are reached
 * by a link signed for that item and photo, valid until `expires`. Links are cut per 12-hour window (the same
 * link all window long, so the browser's cache answers repeat views) and stay valid 12 more hours.
 */
const WINDOW_SECONDS = 12 * 3600;

export interface PhotoLinks {
  /** The signed thumbnail link of one photo, without the width (the client appends `&width=`). */
  thumbnailUrl(itemId: string, index: number): string;
  verify(itemId: string, index: number, expires: number, signature: string): boolean;
  /** The signed link of the contents scan's first-page preview, without the width (the client appends it). */
  scanPreviewUrl(itemId: string): string;
  verifyScanPreview(itemId: string, expires: number, signature: string): boolean;
}

export function photoLinks(key: Buffer, now: () => Date): PhotoLinks {
  // The purpose is signed too: a photo's link never opens the scan, nor the other way round.
  const sign = (purpose: string, itemId: string, index: number, expires: number) =>
    createHmac('sha256', key).update(`${purpose}\0${itemId}\0${index}\0${expires}`).digest('base64url');
  const currentExpiry = () => {
    const seconds = Math.floor(now().getTime() / 1000);
    return (Math.floor(seconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
  };
  const check = (purpose: string, itemId: string, index: number, expires: number, signature: string) => {
    if (expires * 1000 <= now().getTime()) return false;
    const expected = Buffer.from(sign(purpose, itemId, index, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    thumbnailUrl(itemId, index) {
      const expires = currentExpiry();
      return `${API_BASE_PATH}/mail-items/${itemId}/photos/${index}/thumbnail?expires=${expires}&signature=${sign(PHOTO, itemId, index, expires)}`;
    },
    verify: (itemId, index, expires, signature) => check(PHOTO, itemId, index, expires, signature),
    scanPreviewUrl(itemId) {
      const expires = currentExpiry();
      return `${API_BASE_PATH}/mail-items/${itemId}/scan/preview?expires=${expires}&signature=${sign(SCAN, itemId, 0, expires)}`;
    },
    verifyScanPreview: (itemId, expires, signature) => check(SCAN, itemId, 0, expires, signature),
  };
}
const PHOTO = 'mail-photo-thumbnail';
const SCAN = 'mail-scan-preview';

function isSecret(value: unknown): value is { secret: string } {
  return typeof (value as { secret?: unknown } | null)?.secret === 'string';
}

/** FILE_LINK_SECRET; outside production without it, one kept in DATA_DIR; in production, one per process. */
export async function fileLinkKey(
  config: Pick<AppConfig, 'fileLinkSecret' | 'isProduction' | 'dataDir'>,
  log?: FastifyBaseLogger,
): Promise<Buffer> {
  if (config.fileLinkSecret) return Buffer.from(config.fileLinkSecret);
  if (config.isProduction) {
    log?.warn('FILE_LINK_SECRET is not set: photo thumbnail links work only on the API process that made them');
    return randomBytes(32);
  }
  const kept = await keptInDataDir(
    config.dataDir,
    'file-link-secret.json',
    () => ({ secret: randomBytes(32).toString('base64url') }),
    isSecret,
  );
  return Buffer.from(kept.secret);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the thumbnail links of mail photos. */
    photoLinks: PhotoLinks;
  }
}

export const photoLinksPlugin = fp(
  async (app) => {
    app.decorate('photoLinks', photoLinks(await fileLinkKey(app.config, app.log), app.config.now));
  },
  { name: 'photo-links', dependencies: ['app-context'] },
);

/** Where a photo's thumbnail of one width is kept, beside the photo (deleted with it). */
export function thumbnailKey(photoKey: string, width: number): string {
  return `${photoKey}.w${width}.webp`;
}

export function thumbnailKeys(photoKey: string): string[] {
  return MAIL_PHOTO_THUMBNAIL_WIDTHS.map((width) => thumbnailKey(photoKey, width));
}

/** Where a scan's first-page preview of one width is kept, beside the scan (deleted with it). */
export function scanPreviewKey(scanKey: string, width: number): string {
  return `${scanKey}.page1.w${width}.webp`;
}

export function scanPreviewKeys(scanKey: string): string[] {
  return MAIL_PHOTO_THUMBNAIL_WIDTHS.map((width) => scanPreviewKey(scanKey, width));
}

/**
 * The first page of a contents scan `width` pixels wide as WebP: what the item's details show, so the PDF itself
 * is fetched only when opened. Made on first request and kept in the file storage.
 */
export async function scanPreview(storage: FileStorage, scanKey: string, width: number): Promise<StoredFile | null> {
  const key = scanPreviewKey(scanKey, width);
  const kept = await storage.get(key);
  if (kept) return kept;
  const scan = await storage.get(scanKey);
  if (!scan) return null;
  const page = await renderPdfPage(scan.body, width);
  // The renderer rounds the page's pixel box outwards: the width is made exact here.
  const body = await sharp(page).resize({ width }).webp({ quality: 75 }).toBuffer();
  await storage.put(key, body, 'image/webp');
  return { body, contentType: 'image/webp' };
}

/**
 * The photo `width` pixels wide (never wider than the original) as WebP, turned upright by its EXIF orientation.
 * Made on first request and kept in the file storage; later requests read it back.
 */
export async function photoThumbnail(
  storage: FileStorage,
  photoKey: string,
  width: number,
): Promise<StoredFile | null> {
  const key = thumbnailKey(photoKey, width);
  const kept = await storage.get(key);
  if (kept) return kept;
  const original = await storage.get(photoKey);
  if (!original) return null;
  const body = await sharp(original.body, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  await storage.put(key, body, 'image/webp');
  return { body, contentType: 'image/webp' };
}
