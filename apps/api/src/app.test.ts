import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';
import { notFound } from './lib/errors';
import { suiteApp } from './test/suite-app';
import { createTestApp } from './test/test-app';

const API_DIR = path.join(REPO_ROOT, 'apps', 'api');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

const suite = suiteApp({
  seed: false,
  extend(app) {
    // Stand-ins for failures deep inside a handler.
    app.get('/api/v1/test/crash', async () => {
      throw new Error('connection to 10.1.2.3 refused; select * from users');
    });
    app.get('/api/v1/test/missing', async () => {
      throw notFound('Shipment not found');
    });
  },
});

describe('GET /api/health', () => {
  it('answers ok after a database round trip', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, data: { status: 'ok', database: 'ok' } });
  });

  it('answers 503 when the database is down', async () => {
    const down = await createTestApp({ seed: false });
    try {
      await down.database.close();
      const res = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ isSuccess: false, code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' });
    } finally {
      await down.app.close();
    }
  });
});

describe('every answer', () => {
  it('carries a request id, echoing a plain x-request-id from the caller', async () => {
    const own = await suite.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await suite.t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-42.abc' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42.abc');
    const unsafe = await suite.t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries security headers with a CSP that allows only same-origin scripts', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('tells browsers and proxies not to store API answers', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/v1/auths/me' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('errors', () => {
  it('answers an unknown /api path with the 404 envelope', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'NOT_FOUND',
      message: 'Route GET /api/v1/nothing-here not found',
    });
  });

  it('answers a 500 with "Server error" and no internals', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/v1/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ isSuccess: false, code: 'INTERNAL_ERROR', message: 'Server error' });
    expect(res.body).not.toMatch(/10\.1\.2\.3|select|stack/i);
  });

  it('answers a typed AppError with its status, code and message', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/v1/test/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ isSuccess: false, code: 'NOT_FOUND', message: 'Shipment not found' });
  });

  it('answers malformed JSON with 400 BAD_REQUEST in the envelope', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/auths/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'BAD_REQUEST' });
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/v1/auths/login',
        '/api/v1/auths/me',
        '/api/v1/profiles/{profileId}',
      ]),
    );
    expect(doc.paths['/api/v1/auths/login'].post.responses).toHaveProperty('429');
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ in: 'header', name: 'x-access-Token' });
  });

  it('documents the estimated total of a paged answer', async () => {
    const doc = (await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const list of ['/api/v1/shipments', '/api/v1/invoices', '/api/v1/customers']) {
      const page = doc.paths[list].get.responses['200'].content['application/json'].schema;
      expect(page.required).toEqual(expect.arrayContaining(['isSuccess', 'items', 'pageNo', 'pageSize', 'total']));
      expect(page.required).not.toContain('totalIsEstimate');
      expect(page.properties.totalIsEstimate).toMatchObject({
        type: 'boolean',
        description: expect.stringContaining('estimate'),
      });
      expect(page.properties.total.description).toContain('10,000');
    }
  });

  it('serves the OpenAPI UI', async () => {
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('production start', () => {
  // Built in suiteApp's hook (a longer time limit than a test's): a second app on a busy machine takes a while.
  const production = suiteApp({
    seed: false,
    config: {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_x',
      API_DOCS: false,
    },
  });

  it('hides /api/docs with API_DOCS=false', async () => {
    expect(production.t.config.apiDocs).toBe(false);
    expect((await production.t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    expect((await production.t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
  });

  it('fails without SMTP_URL before opening or migrating the database, with one clear line', () => {
    const run = spawnSync(TSX, ['src/server.ts'], {
      cwd: API_DIR,
      encoding: 'utf8',
      timeout: 60_000,
      // An unreachable database: reaching it (or migrating) would fail with another message.
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^Invalid configuration: SMTP_URL is required/)]);
  });
});
