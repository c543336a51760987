import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { oneTimeCodes } from '../schema/one-time-codes';
import { sessions } from '../schema/sessions';

/** Rows deleted per statement: short statements, so a purge never holds many row locks or bloats one transaction. */
export const PURGE_BATCH_SIZE = 1_000;

export interface PurgeReport {
  sessions: number;
  oneTimeCodes: number;
}

/**
 * Deletes sessions and one-time codes that can no longer be used: expired, revoked (or, for codes, consumed) more
 * than `graceMinutes` ago. Batched DELETEs of rows picked with FOR UPDATE SKIP LOCKED, so several processes
 * purging at once share the work instead of waiting on each other, and a row a request is touching is left for
 * the next run.
 */
export async function purgeExpired(db: Db, now: Date, graceMinutes: number): Promise<PurgeReport> {
  const before = new Date(now.getTime() - graceMinutes * 60_000);
  const report: PurgeReport = { sessions: 0, oneTimeCodes: 0 };
  for (;;) {
    const deleted = await db.execute<{ id: string }>(sql`
      delete from ${sessions} where ${sessions.id} in (
        select ${sessions.id} from ${sessions}
        where ${sessions.expiresAt} < ${before} or ${sessions.revokedAt} < ${before}
        limit ${PURGE_BATCH_SIZE} for update skip locked
      ) returning ${sessions.id}`);
    const n = rowCount(deleted);
    report.sessions += n;
    if (n < PURGE_BATCH_SIZE) break;
  }
  for (;;) {
    const deleted = await db.execute<{ id: string }>(sql`
      delete from ${oneTimeCodes} where ${oneTimeCodes.id} in (
        select ${oneTimeCodes.id} from ${oneTimeCodes}
        where ${oneTimeCodes.expiresAt} < ${before} or ${oneTimeCodes.revokedAt} < ${before}
          or ${oneTimeCodes.consumedAt} < ${before}
        limit ${PURGE_BATCH_SIZE} for update skip locked
      ) returning ${oneTimeCodes.id}`);
    const n = rowCount(deleted);
    report.oneTimeCodes += n;
    if (n < PURGE_BATCH_SIZE) break;
  }
  return report;
}

/** node-postgres and PGlite both answer `rows`; counting them works for either driver. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return rows?.length ?? 0;
}

/** Purges every `intervalSeconds` until stopped (server.ts); safe in every process (SKIP LOCKED). */
export function startPurgeRunner(
  db: Db,
  log: FastifyBaseLogger,
  options: { intervalSeconds: number; graceMinutes: number; now?: () => Date },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purgeExpired(db, (options.now ?? (() => new Date()))(), options.graceMinutes)
      .then((report) => {
        if (report.sessions || report.oneTimeCodes) log.info(report, 'expired sessions and codes purged');
      })
      .catch((err) => log.error({ err }, 'purge of expired sessions and codes failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
