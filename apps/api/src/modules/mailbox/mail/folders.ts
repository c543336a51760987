import type { Actor } from '../../identity';
import type { MailItem } from '@postwise/shared/mail-api';
import { type FolderAction, folderMove } from '@postwise/shared/mail';
import { eq } from 'drizzle-orm';
import { mailItems } from '../schema/mail';
import { conflict } from '../../../lib/errors';
import type { MailContext } from './mail-context';
import { loadItemDto, loadVisibleItem } from './mail-records';

/** POST mail-items/{id}/archive|trash|restore (the box holder): the folder rules of packages/shared/mail.ts. */
export async function moveItem(ctx: MailContext, me: Actor, id: string, action: FolderAction): Promise<MailItem> {
  const now = ctx.now();
  const { item } = await loadVisibleItem(ctx.db, me, id);
  const move = folderMove(item, action, now);
  if (!move.ok) throw conflict(move.message);
  await ctx.db
    .update(mailItems)
    .set({
      folder: move.folder,
      updatedAt: now,
      ...(action === 'archive' ? { archivedAt: now } : {}),
      ...(action === 'trash' ? { trashedAt: now } : {}),
      ...(action === 'restore' ? { trashedAt: null, archivedAt: null } : {}),
    })
    .where(eq(mailItems.id, id));
  return loadItemDto(ctx.db, id, now, ctx.photoLinks);
}
