import { JOB_QUEUE_NAMES, JOB_STATES, type JobItem, type JobQueueCounts } from '@postwise/shared/integrations';
import { jobListQuerySchema } from '@postwise/shared/schemas/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import type { Same } from '../../../lib/type-checks';
import { auditRequest, requireAudience } from '../../identity';
import { jobCounts, listJobs, retryJob } from './service';

const security = [{ accessToken: [] }];
const jobAdmins = requireAudience('jobs.manage');

const jobItemSchema = z
  .object({
    id: z.string(),
    queue: z.enum(JOB_QUEUE_NAMES),
    state: z.enum(JOB_STATES),
    summary: z.string(),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    runAfter: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'JobItem' });
const itemMatches: Same<z.output<typeof jobItemSchema>, JobItem> = true;
void itemMatches;

const jobCountsSchema = z
  .object({
    queue: z.enum(JOB_QUEUE_NAMES),
    waiting: z.number().int(),
    retrying: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
    completed: z.number().int(),
  })
  .meta({ id: 'JobQueueCounts' });
const countsMatch: Same<z.output<typeof jobCountsSchema>, JobQueueCounts> = true;
void countsMatch;

/** The super admin's view of the job queue (e-mail, webhooks): what failed for good, and Retry. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      onRequest: [jobAdmins],
      schema: {
        tags: ['jobs'],
        summary: 'Jobs of the queue in one state (default failed), newest first (super admin)',
        security,
        querystring: jobListQuerySchema,
        response: { 200: pageSchema(jobItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listJobs(app.jobs, request.query),
  );

  app.get(
    '/jobs/summary',
    {
      onRequest: [jobAdmins],
      schema: {
        tags: ['jobs'],
        summary: 'Jobs per queue and state (super admin)',
        security,
        response: { 200: successSchema(z.array(jobCountsSchema)), ...failures(401, 403) },
      },
    },
    async () => ok(await jobCounts(app.jobs)),
  );

  app.post(
    '/jobs/:queue/:id/retry',
    {
      onRequest: [jobAdmins],
      schema: {
        tags: ['jobs'],
        summary: 'Run a failed job again now (super admin)',
        security,
        params: z.object({ queue: z.enum(JOB_QUEUE_NAMES), id: z.uuid('Job id is invalid.') }),
        response: { 200: successSchema(jobItemSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { queue, id } = request.params;
      const job = await retryJob(app.jobs, queue, id);
      await auditRequest(request, app.db, 'job.retry', { type: 'job', id }, { queue });
      return ok(job);
    },
  );
};
