import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteApp } from '../../../test/suite-app';
import { createTestApp, type TestApp } from '../../../test/test-app';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

const lines: Record<string, unknown>[] = [];

const suite = suiteApp({
  config: { LOG_LEVEL: 'info' },
  logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
});

describe('GET /api/ready', () => {
  it('answers 200 with each dependency checked: the database, the file storage and the job queue', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      data: { status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } },
    });
  });

  it('answers 503 naming the failing check when the storage cannot write (and /api/health still answers)', async () => {
    const broken = await createTestApp({ seed: false });
    try {
      // The files directory becomes a plain file: nothing can be stored under it.
      const files = path.join(broken.config.dataDir, 'files');
      rmSync(files, { recursive: true, force: true });
      writeFileSync(files, 'not a directory');
      const res = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        isSuccess: false,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Not ready: storage',
        errors: { storage: 'failed' },
      });
      expect((await broken.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('answers 503 for a database that is down, and for a dependency that does not answer in time', async () => {
    const down = await createTestApp({
      seed: false,
      extend: (app) => app.readiness.add('carrier', () => new Promise<void>(() => undefined)),
    });
    try {
      await down.database.close();
      const res = await down.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: 'Not ready: database, carrier',
        errors: { database: 'failed', carrier: 'failed' },
      });
    } finally {
      await down.app.close();
    }
  });
});

describe('GET /api/metrics', () => {
  it('exposes request durations by method, route pattern and status, the counters and the process metrics', async () => {
    await suite.t.app.inject({ method: 'GET', url: '/api/v1/addresses?pageNo=2' });
    const shipper = await suite.t.login('shipper@example.com');
    await suite.t.app.inject({ method: 'GET', url: '/api/v1/addresses', headers: { 'x-access-Token': shipper } });
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/addresses",status_code="401"\} 1\n/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/addresses",status_code="200"\} 1\n/,
    );
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/v1/auths/login"');
    expect(text).toContain('# TYPE postwise_charges_total counter');
    expect(text).toContain('# TYPE postwise_emails_sent_total counter');
    expect(text).toContain('# TYPE postwise_emails_failed_total counter');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts every card charge by outcome', async () => {
    const charge = (paymentMethodId: string) =>
      suite.t.app.payments.charge({
        customerId: 'cus_sandbox_metrics',
        paymentMethodId,
        amountCents: 1999,
        currency: 'usd',
        idempotencyKey: randomUUID(),
        description: 'metrics test',
      });
    expect((await charge('pm_sandbox_4242')).status).toBe('succeeded');
    expect((await charge('pm_sandbox_chargefail_0341')).status).toBe('failed');
    const text = (await suite.t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
    expect(text).toContain('postwise_charges_total{outcome="succeeded"} 1');
    expect(text).toContain('postwise_charges_total{outcome="failed"} 1');
  });

  it('counts e-mails the mailer sent, and the tries it failed', async () => {
    const forgot = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auths/forgot-password',
        payload: { email: 'shipper@example.com', authMethod: 'email' },
      });
    expect((await forgot(suite.t.app)).statusCode).toBe(200);
    await suite.t.app.background.idle();
    await suite.t.drainJobs();
    expect((await suite.t.app.inject({ method: 'GET', url: '/api/metrics' })).body).toContain(
      'postwise_emails_sent_total{mailer="outbox"} 1',
    );

    const refusing = await createTestApp({
      mailer: {
        kind: 'smtp',
        send: async () => {
          throw new Error('554 Transaction failed');
        },
        close: async () => undefined,
      },
    });
    try {
      expect((await forgot(refusing.app)).statusCode).toBe(200);
      await refusing.app.background.idle();
      await refusing.drainJobs();
      const text = (await refusing.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      expect(text).toContain('postwise_emails_failed_total{mailer="smtp"} 1');
      expect(text).not.toContain('postwise_emails_sent_total{');
    } finally {
      await refusing.close();
    }
  });

  it('with METRICS_TOKEN set, answers only the bearer of that token', async () => {
    const guarded = await createTestApp({ seed: false, config: { METRICS_TOKEN } });
    try {
      const get = (authorization?: string) =>
        guarded.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });
      expect((await get()).statusCode).toBe(401);
      expect((await get()).json()).toMatchObject({ isSuccess: false, code: 'UNAUTHORIZED' });
      expect((await get(`Bearer ${METRICS_TOKEN.slice(0, -1)}x`)).statusCode).toBe(401);
      expect((await get(METRICS_TOKEN)).statusCode).toBe(401);
      const ok = await get(`Bearer ${METRICS_TOKEN}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});

describe('the access log', () => {
  it('writes one line per request with method, route, status, duration, user id and request id', async () => {
    const token = await suite.t.login('user@example.com');
    const me = (
      await suite.t.app.inject({ method: 'GET', url: '/api/v1/auths/me', headers: { 'x-access-Token': token } })
    ).json().data;
    lines.length = 0;
    await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/shipments?search=secret-ish',
      headers: { 'x-access-Token': token, 'x-request-id': 'trace-77' },
    });
    await suite.t.app.inject({ method: 'GET', url: '/api/v1/shipments', headers: { 'x-request-id': 'trace-78' } });
    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({
      level: 30,
      reqId: 'trace-77',
      method: 'GET',
      route: '/api/v1/shipments',
      status: 200,
      durationMs: expect.any(Number),
      userId: me.id,
    });
    expect(access[1]).toMatchObject({ reqId: 'trace-78', status: 401, userId: null });
    // No "incoming request" line, and no URL with its query string.
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    expect(JSON.stringify(access)).not.toContain('secret-ish');
  });
});

describe('unknown /api paths', () => {
  it.each([
    ['GET', '/api/v1/no-such-thing'],
    ['POST', '/api/v1/no-such-thing'],
    ['GET', '/api/no-such-thing'],
    ['GET', '/api'],
    ['GET', '/API/v1/shipments'],
    ['GET', '/api/v2/shipments'],
    ['DELETE', '/api/v1/shipments'],
  ])('%s %s answers 404 in the envelope', async (method, url) => {
    const res = await suite.t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'NOT_FOUND' });
  });
});
