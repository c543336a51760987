import { randomUUID } from 'node:crypto';
import type { SubscribeInput } from '@postwise/shared/schemas/public';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newsletterSubscriptions } from '../schema/contact';
import { acceptUpload } from '../../../integrations/storage/upload-check';

export interface SubscribeFile {
  body: Buffer;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

/**
 * Newsletter sign-up. The optional file is checked by its content (image or PDF, size-limited) and kept in file
 * storage. One row per e-mail address: signing up again with the same address updates name and phone (and the
 * file, when a new one is sent) and answers the same success, so a second sign-up is never an error.
 */
export async function subscribe(
  app: FastifyInstance,
  input: SubscribeInput,
  file: SubscribeFile | null,
  ip: string,
): Promise<void> {
  let attachment: { key: string; contentType: string } | null = null;
  if (file) {
    const accepted = await acceptUpload('file', file.body, { label: 'File' });
    attachment = { key: `newsletter/${randomUUID()}`, contentType: accepted.contentType };
    await app.storage.put(attachment.key, accepted.body, accepted.contentType);
  }

  const now = app.config.now();
  const changes = {
    name: input.name,
    phone: input.phone,
    ip,
    updatedAt: now,
    ...(attachment ? { attachmentKey: attachment.key, attachmentContentType: attachment.contentType } : {}),
  };
  const byEmail = eq(sql`lower(${newsletterSubscriptions.email})`, input.email.toLowerCase());

  const upsert = () =>
    app.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: newsletterSubscriptions.id, attachmentKey: newsletterSubscriptions.attachmentKey })
        .from(newsletterSubscriptions)
        .where(byEmail)
        .for('update')
        .limit(1);
      if (existing) {
        await tx.update(newsletterSubscriptions).set(changes).where(eq(newsletterSubscriptions.id, existing.id));
        return attachment ? existing.attachmentKey : null;
      }
      await tx.insert(newsletterSubscriptions).values({ ...changes, email: input.email, createdAt: now });
      return null;
    });

  let replacedKey: string | null;
  try {
    try {
      replacedKey = await upsert();
    } catch (err) {
      // Two sign-ups of one address at the same moment: the other one inserted first, so this one updates.
      if (!isUniqueViolation(err)) throw err;
      replacedKey = await upsert();
    }
  } catch (err) {
    if (attachment) await app.storage.delete(attachment.key).catch(() => undefined);
    throw err;
  }
  if (replacedKey) {
    await app.storage.delete(replacedKey).catch((err) => app.log.warn({ err }, 'old newsletter file not deleted'));
  }
}
