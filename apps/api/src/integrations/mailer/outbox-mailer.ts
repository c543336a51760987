import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Mailer, type MailMessage, type OutboxReader, type SentMail, storedAttachments } from './mailer';

/**
 * Embedded default: every message is kept as a JSON file in `dir` (one per message, so several
 * processes can write at once) and read back by the dev outbox page. Never used in production.
 */
export function createOutboxMailer(opts: { dir: string; from: string; now?: () => Date }): Mailer & OutboxReader {
  const now = opts.now ?? (() => new Date());
  let ready: Promise<unknown> | null = null;
  // Messages of the same millisecond (a fixed test clock, or a burst) keep the order they were sent in.
  let sequence = 0;
  const ensureDir = () => (ready ??= mkdir(opts.dir, { recursive: true }));
  return {
    kind: 'outbox',
    async send(message: MailMessage): Promise<SentMail> {
      const order = (sequence = (sequence + 1) % 1e9);
      await ensureDir();
      const createdAt = now();
      const { attachments, ...rest } = message;
      const sent: SentMail = {
        ...rest,
        ...(attachments?.length ? { attachments: storedAttachments(message) } : {}),
        id: randomUUID(),
        from: opts.from,
        createdAt: createdAt.toISOString(),
      };
      // The file name sorts by time, then by the order this process sent them in; the id keeps processes apart.
      const name = `${createdAt.getTime().toString().padStart(15, '0')}-${order.toString().padStart(9, '0')}-${sent.id}.json`;
      await writeFile(path.join(opts.dir, name), JSON.stringify(sent));
      return sent;
    },
    async list(limit = 50): Promise<SentMail[]> {
      await ensureDir();
      const names = (await readdir(opts.dir))
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, limit);
      const messages = await Promise.all(
        names.map(async (n) => JSON.parse(await readFile(path.join(opts.dir, n), 'utf8')) as SentMail),
      );
      return messages;
    },
    async close() {},
  };
}
