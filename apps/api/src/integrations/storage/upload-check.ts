import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '@postwise/shared/schemas/public';
import { validationFailed } from '../../lib/errors';
import { assertPixelBudget, reencodeImage } from './images';

export type AcceptedType = (typeof ACCEPTED_UPLOAD_TYPES)[number];

export const IMAGE_TYPES: readonly AcceptedType[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** The file name extension of a stored upload's content type, for downloads ('bin' for any other type). */
export const extensionOf = (contentType: string): string => EXTENSIONS[contentType] ?? 'bin';

/**
 * Checks an uploaded file by its content (magic bytes), never by its name or the client's claimed
 * type, by size and, for an image, by its pixel count (from the header, before any decoding). Answers the
 * detected content type, or throws a 422 naming the field.
 */
export async function checkUpload(
  field: string,
  body: Buffer,
  opts: { accept?: readonly AcceptedType[]; maxBytes?: number; label?: string } = {},
): Promise<AcceptedType> {
  const accept = opts.accept ?? ACCEPTED_UPLOAD_TYPES;
  const maxBytes = opts.maxBytes ?? MAX_UPLOAD_BYTES;
  const label = opts.label ?? 'File';
  if (body.length === 0) throw validationFailed(`${label} is empty`, { [field]: `${label} is empty` });
  if (body.length > maxBytes) {
    const msg = `${label} must be ${Math.round(maxBytes / (1024 * 1024))} MB or smaller`;
    throw validationFailed(msg, { [field]: msg });
  }
  const detected = await fileTypeFromBuffer(body);
  const mime = detected?.mime as AcceptedType | undefined;
  if (!mime || !accept.includes(mime)) {
    const kinds = accept.every((t) => t.startsWith('image/')) ? 'an image' : 'an image or a PDF';
    const msg = `${label} must be ${kinds}`;
    throw validationFailed(msg, { [field]: msg });
  }
  if (mime.startsWith('image/')) await assertPixelBudget(field, body, label);
  return mime;
}

/**
 * checkUpload, then the bytes to store: an image is re-encoded (reencodeImage) because others will see it;
 * a PDF is stored as uploaded.
 */
export async function acceptUpload(
  field: string,
  body: Buffer,
  opts: { accept?: readonly AcceptedType[]; maxBytes?: number; label?: string } = {},
): Promise<{ contentType: AcceptedType; body: Buffer }> {
  const contentType = await checkUpload(field, body, opts);
  if (!contentType.startsWith('image/')) return { contentType, body };
  return { contentType, body: await reencodeImage(field, body, contentType, opts.label ?? 'File') };
}
