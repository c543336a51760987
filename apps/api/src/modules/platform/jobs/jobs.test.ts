import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../../integrations/mailer/mailer';
import { createOutboxMailer } from '../../../integrations/mailer/outbox-mailer';
import { signedInCaller } from '../../../test/signed-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../identity/schema/audit-log';

let t: TestApp;
let call: ReturnType<typeof signedInCaller>['as'];
let failing = true;

beforeAll(async () => {
  const outbox = createOutboxMailer({
    dir: mkdtempSync(path.join(tmpdir(), 'postwise-jobs-outbox-')),
    from: 'Postwise <no-reply@postwise.test>',
  });
  // The dev outbox, except while the test says SMTP is refusing.
  const mailer: Mailer & typeof outbox = {
    ...outbox,
    kind: 'outbox',
    async send(message) {
      if (failing) throw new Error('554 Service unavailable');
      return outbox.send(message);
    },
  };
  t = await createTestApp({ mailer });
  call = signedInCaller(t).as;
});

afterAll(async () => {
  await t?.close();
});

describe('the Jobs page of the super admin', () => {
  it('lists an e-mail whose retries ran out, retries it, and it goes', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/contact',
      payload: { name: 'Noor', email: 'noor@example.org', message: 'Is my parcel in?' },
      remoteAddress: '198.51.100.60',
    });
    // As if a day of retries had passed: this attempt is the last one.
    await t.database.db.execute(sql`update pgboss.job set retry_limit = 0 where name = 'email' and state = 'created'`);
    await t.drainJobs();

    const list = await call('superadmin@example.com', 'GET', 'jobs?state=failed&queue=email');
    expect(list.statusCode).toBe(200);
    const job = list.json().items.find((j: { summary: string }) => j.summary.includes('Noor'));
    expect(job).toMatchObject({ queue: 'email', state: 'failed', attempts: 1, lastError: '554 Service unavailable' });
    expect(job.summary).toContain('support@postwise.local');
    // What the list shows of an e-mail is its recipient and subject, never its body.
    expect(list.body).not.toContain('Is my parcel in?');
    const counts = (await call('superadmin@example.com', 'GET', 'jobs/summary')).json().data;
    expect(counts.find((c: { queue: string }) => c.queue === 'email').failed).toBeGreaterThanOrEqual(1);

    failing = false;
    const retried = await call('superadmin@example.com', 'POST', `jobs/email/${job.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.state).toBe('retry');
    const sent = (await t.outbox()).filter((m) => m.subject.includes('Noor'));
    expect(sent).toHaveLength(1);
    const done = (await call('superadmin@example.com', 'GET', 'jobs?state=completed&queue=email')).json().items;
    expect(done.map((j: { id: string }) => j.id)).toContain(job.id);
    expect((await call('superadmin@example.com', 'POST', `jobs/email/${job.id}/retry`)).statusCode).toBe(409);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.targetId, job.id)));
    expect(audited).toHaveLength(1);
  });

  it('is the super admin’s only: 401 anonymous, 403 others, 404 unknown job, 422 bad filters', async () => {
    expect((await call(null, 'GET', 'jobs')).statusCode).toBe(401);
    expect((await call('subadmin@example.com', 'GET', 'jobs')).statusCode).toBe(403);
    expect((await call('user@example.com', 'GET', 'jobs/summary')).statusCode).toBe(403);
    expect((await call('user@example.com', 'POST', `jobs/email/${crypto.randomUUID()}/retry`)).statusCode).toBe(403);
    expect((await call('superadmin@example.com', 'POST', `jobs/email/${crypto.randomUUID()}/retry`)).statusCode).toBe(
      404,
    );
    expect((await call('superadmin@example.com', 'GET', 'jobs?state=lost')).statusCode).toBe(422);
    expect((await call('superadmin@example.com', 'POST', 'jobs/sms/x/retry')).statusCode).toBe(422);
  });
});
