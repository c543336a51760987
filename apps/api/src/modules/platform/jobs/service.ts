import { type JobItem, type JobQueueCounts, type JobQueueName, JOB_QUEUE_NAMES } from '@postwise/shared/integrations';
import type { JobListQuery } from '@postwise/shared/schemas/integrations';
import type { JobQueue, JobRow } from '../../../lib/job-queue';
import { conflict, notFound } from '../../../lib/errors';

const JOB_NOT_FOUND = 'Job not found.';

/** What a job is about, from its data: never the payload itself (e-mails hold codes and links). */
function summary(row: JobRow): string {
  const data = (row.data ?? {}) as Record<string, unknown>;
  if (row.name === 'email') {
    const message = (data.message ?? {}) as { to?: string; subject?: string };
    return [message.to, message.subject].filter(Boolean).join(' · ');
  }
  if (row.name === 'webhook-delivery') {
    return [data.type, data.url].filter(Boolean).join(' → ');
  }
  if (row.name === 'push') {
    const payload = (data.payload ?? {}) as { kind?: string };
    return [payload.kind, data.subscriptionId].filter(Boolean).join(' → device ');
  }
  if (row.name === 'carrier-tracking') {
    return [`Shipment ${String(data.uniqueId ?? '')}`, [data.carrier, data.trackingNumber].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(' · ');
  }
  if (row.name === 'carrier-void') {
    return [
      `Void of shipment ${String(data.uniqueId ?? '')}`,
      [data.carrier, data.trackingNumber].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(' · ');
  }
  if (row.name === 'carrier-pickup-cancel') {
    return [`Cancel ${String(data.carrier ?? '')} pickup`, data.confirmation].filter(Boolean).join(' · ');
  }
  return '';
}

function lastError(row: JobRow): string | null {
  const output = row.output as { message?: unknown } | null;
  return row.state !== 'completed' && typeof output?.message === 'string' ? output.message.slice(0, 500) : null;
}

export function toJobItem(row: JobRow): JobItem {
  return {
    id: row.id,
    queue: row.name as JobQueueName,
    state: row.state,
    summary: summary(row),
    // retry_count counts retries started; a job that ran once and failed is at 0 with one attempt behind it.
    attempts: row.state === 'created' ? 0 : row.retryCount + 1,
    maxAttempts: row.retryLimit + 1,
    lastError: lastError(row),
    createdAt: row.createdOn.toISOString(),
    runAfter: row.startAfter.toISOString(),
    finishedAt: row.completedOn?.toISOString() ?? null,
  };
}

export async function listJobs(jobs: JobQueue, query: JobListQuery) {
  const { items, total } = await jobs.list({
    state: query.state,
    ...(query.queue ? { name: query.queue } : {}),
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    isSuccess: true as const,
    items: items.map(toJobItem),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total,
  };
}

export async function jobCounts(jobs: JobQueue): Promise<JobQueueCounts[]> {
  const counts = await jobs.counts();
  return JOB_QUEUE_NAMES.map((queue) => {
    const of = (state: string) => counts.find((c) => c.name === queue && c.state === state)?.count ?? 0;
    return {
      queue,
      waiting: of('created'),
      retrying: of('retry'),
      running: of('active'),
      failed: of('failed'),
      completed: of('completed'),
    };
  });
}

/** Retry a failed job now; 404 for an unknown job, 409 when it is not (or no longer) failed. */
export async function retryJob(jobs: JobQueue, queue: JobQueueName, id: string): Promise<JobItem> {
  const row = await jobs.get(queue, id);
  if (!row) throw notFound(JOB_NOT_FOUND);
  if (row.state !== 'failed') throw conflict('Only a failed job can be retried.');
  if (!(await jobs.retry(queue, id))) throw conflict('Only a failed job can be retried.');
  return toJobItem((await jobs.get(queue, id))!);
}
