import type { Actor } from '../../identity';
import { and, eq, isNull } from 'drizzle-orm';
import type { StoredFile } from '../../../integrations/storage/file-storage';
import { mailItems } from '../schema/mail';
import { photoThumbnail, scanPreview } from './photo-thumbnails';
import { notFound } from '../../../lib/errors';
import type { MailContext } from './mail-context';
import { loadVisibleItem } from './mail-records';

/** An envelope photo: only for the box holder and the operators of the item's store. */
export async function readItemPhoto(ctx: MailContext, me: Actor, itemId: string, index: number): Promise<StoredFile> {
  const { item } = await loadVisibleItem(ctx.db, me, itemId);
  const key = item.photoKeys[index];
  const file = key ? await ctx.storage.get(key) : null;
  if (!file) throw notFound('Photo not found');
  return file;
}

/** The contents scan (PDF): only for the box holder and the operators of the item's store. */
export async function readItemScan(ctx: MailContext, me: Actor, itemId: string): Promise<StoredFile> {
  const { item } = await loadVisibleItem(ctx.db, me, itemId);
  const file = item.contentScanKey ? await ctx.storage.get(item.contentScanKey) : null;
  if (!file) throw notFound('Scan not found');
  return file;
}

/** A WebP thumbnail of an envelope photo, for the same viewers as the photo. */
export async function readItemThumbnail(
  ctx: MailContext,
  me: Actor,
  itemId: string,
  index: number,
  width: number,
): Promise<StoredFile> {
  const { item } = await loadVisibleItem(ctx.db, me, itemId);
  const key = item.photoKeys[index];
  const file = key ? await photoThumbnail(ctx.storage, key, width) : null;
  if (!file) throw notFound('Photo not found');
  return file;
}

/** A thumbnail by its signed link (the signature was checked): the item must still exist (not purged). */
export async function readSignedThumbnail(
  ctx: MailContext,
  itemId: string,
  index: number,
  width: number,
): Promise<StoredFile> {
  const [item] = await ctx.db
    .select({ photoKeys: mailItems.photoKeys })
    .from(mailItems)
    .where(and(eq(mailItems.id, itemId), isNull(mailItems.purgedAt)));
  const key = item?.photoKeys[index];
  const file = key ? await photoThumbnail(ctx.storage, key, width) : null;
  if (!file) throw notFound('Photo not found');
  return file;
}

/** The first page of the contents scan by its signed link (the signature was checked); not once purged. */
export async function readSignedScanPreview(ctx: MailContext, itemId: string, width: number): Promise<StoredFile> {
  const [item] = await ctx.db
    .select({ contentScanKey: mailItems.contentScanKey })
    .from(mailItems)
    .where(and(eq(mailItems.id, itemId), isNull(mailItems.purgedAt)));
  const file = item?.contentScanKey ? await scanPreview(ctx.storage, item.contentScanKey, width) : null;
  if (!file) throw notFound('Scan not found');
  return file;
}
