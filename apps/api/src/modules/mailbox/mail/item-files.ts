import type { StoredFile } from '../../../integrations/storage/file-storage';
import { notFound } from '../../../lib/errors';
import type { MailContext } from './mail-context';
import { type Viewer, loadVisibleItem } from './mail-records';

/** An envelope photo: only for the box holder and the operators of the item's store. */
export async function readItemPhoto(ctx: MailContext, me: Viewer, itemId: string, index: number): Promise<StoredFile> {
  const { item } = await loadVisibleItem(ctx.db, me, itemId);
  const key = item.photoKeys[index];
  const file = key ? await ctx.storage.get(key) : null;
  if (!file) throw notFound('Photo not found');
  return file;
}

/** The contents scan (PDF): only for the box holder and the operators of the item's store. */
export async function readItemScan(ctx: MailContext, me: Viewer, itemId: string): Promise<StoredFile> {
  const { item } = await loadVisibleItem(ctx.db, me, itemId);
  const file = item.contentScanKey ? await ctx.storage.get(item.contentScanKey) : null;
  if (!file) throw notFound('Scan not found');
  return file;
}
