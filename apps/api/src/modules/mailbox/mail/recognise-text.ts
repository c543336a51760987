import { and, eq, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import {
  type TextRecognizer,
  UnreadableFileError,
  tesseractRecognizer,
} from '../../../integrations/ocr/text-recognition';
import { enqueueJob, type JobDefinition } from '../../../lib/job-queue';
import { applyRulesToRecognisedText } from '../rules/apply-rules';
import { mailItems } from '../schema/mail';
import { mailContext, type MailContext } from './mail-context';

/** The job that reads the text of a stored envelope photo or contents scan (one job per stored file set). */
export const RECOGNISE_MAIL_TEXT_JOB = 'recognise-mail-text';

export type RecognisedSource = 'envelope' | 'scan';

export interface RecogniseMailTextData {
  itemId: string;
  source: RecognisedSource;
  /** The scan's storage key: a scan replaced meanwhile is not read (its own job reads the new one). */
  scanKey?: string;
}

/**
 * Queues the reading of an item's envelope photos or its contents scan, in `db`: the transaction that records the
 * file, so the job exists exactly when the file is the item's. One job per item and file (a retry adds none).
 */
export async function queueTextRecognition(
  db: Db,
  itemId: string,
  source: RecognisedSource,
  scanKey?: string,
): Promise<void> {
  const data: RecogniseMailTextData = { itemId, source, ...(scanKey ? { scanKey } : {}) };
  await enqueueJob(db, RECOGNISE_MAIL_TEXT_JOB, data, { key: `${itemId}:${scanKey ?? source}` });
}

/** Reads the files of one item and records the text; answers what it read (for the job's output). */
export async function recogniseItemText(
  ctx: MailContext,
  recognizer: TextRecognizer,
  { itemId, source, scanKey }: RecogniseMailTextData,
): Promise<{ skipped: string } | { characters: number; rule: string | null }> {
  const [item] = await ctx.db
    .select({ photoKeys: mailItems.photoKeys, contentScanKey: mailItems.contentScanKey, purgedAt: mailItems.purgedAt })
    .from(mailItems)
    .where(eq(mailItems.id, itemId));
  if (!item || item.purgedAt) return { skipped: 'The item is gone' };
  let text: string;
  if (source === 'scan') {
    if (!scanKey || item.contentScanKey !== scanKey) return { skipped: 'The scan was replaced' };
    const file = await ctx.storage.get(scanKey);
    if (!file) return { skipped: 'The scan is gone' };
    text = await recognizer.recognizePdf(file.body);
    // Only the scan it read: a newer scan recorded meanwhile keeps its own (coming) text.
    await ctx.db
      .update(mailItems)
      .set({ scanText: text })
      .where(and(eq(mailItems.id, itemId), eq(mailItems.contentScanKey, scanKey)));
  } else {
    const texts: string[] = [];
    for (const key of item.photoKeys) {
      const file = await ctx.storage.get(key);
      if (file) texts.push(await recognizer.recognizeImage(file.body));
    }
    text = texts.filter(Boolean).join('\n\n');
    await ctx.db
      .update(mailItems)
      .set({ envelopeText: text })
      .where(and(eq(mailItems.id, itemId), isNull(mailItems.purgedAt)));
  }
  // A rule on words can act only now that the words are known (it acts once, on an item still untouched).
  const [both] = await ctx.db
    .select({ envelope: mailItems.envelopeText, scan: mailItems.scanText })
    .from(mailItems)
    .where(eq(mailItems.id, itemId));
  const all = [both?.envelope, both?.scan].filter(Boolean).join('\n\n');
  const acted = all ? await applyRulesToRecognisedText(ctx, itemId, all) : null;
  return { characters: text.length, rule: acted?.ruleName ?? null };
}

export function recogniseMailTextJob(
  ctx: () => MailContext,
  recognizer: TextRecognizer,
): JobDefinition<RecogniseMailTextData> {
  return {
    name: RECOGNISE_MAIL_TEXT_JOB,
    retryLimit: 3,
    retryDelaySeconds: 30,
    maxRetryDelaySeconds: 600,
    // Ten pages of a scan take well under a minute on one core.
    expireInSeconds: 300,
    // One at a time: each recognition keeps a core busy.
    batchSize: 1,
    async handler(data) {
      try {
        return await recogniseItemText(ctx(), recognizer, data);
      } catch (err) {
        // A file no decoder opens stays unsearchable; only other failures (a crashed worker) are tried again.
        if (err instanceof UnreadableFileError) return { skipped: err.message };
        throw err;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads text from envelope photos and scans (the intake's "Read from photo" and the background job). */
    textRecognizer: TextRecognizer;
  }
}

/** The text recognizer (one worker thread, started on first use) and the job that reads stored photos and scans. */
export const textRecognitionPlugin = fp<{ recognizer?: TextRecognizer }>(
  async (app, opts) => {
    const recognizer = opts.recognizer ?? tesseractRecognizer();
    app.decorate('textRecognizer', recognizer);
    app.jobs.define(recogniseMailTextJob(() => mailContext(app), recognizer));
    app.addHook('onClose', async () => {
      await recognizer.close();
    });
  },
  { name: 'text-recognition', dependencies: ['app-context'] },
);
