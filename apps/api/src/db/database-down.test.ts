import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { freePort } from '../test/free-port';
import { type Database, isDatabaseUnavailable, openPostgres } from './client';

/**
 * PostgreSQL down answers 503 with Retry-After and SERVICE_UNAVAILABLE (it answered 500 INTERNAL_ERROR), and a
 * database that accepts connections but never answers fails a request after the pool's connect timeout instead
 * of holding it. Played with a port nobody listens on and a TCP server that never speaks.
 */

async function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

async function appOn(url: string, connectTimeoutMs: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postwise-db-down-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_CONNECT_TIMEOUT_MS: connectTimeoutMs,
    },
    {},
  );
  const database: Database = openPostgres(url, undefined, { connectTimeoutMs });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function expectUnavailable(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBeDefined();
  expect(res.json()).toMatchObject({ isSuccess: false, code: 'SERVICE_UNAVAILABLE' });
}

describe('PostgreSQL refusing connections', () => {
  let t: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    t = await appOn(`postgres://postgres@127.0.0.1:${await freePort()}/postwise`, 2_000);
  });
  afterAll(async () => t?.close());

  it('answers sign-in, a signed-in call and health with 503, Retry-After and SERVICE_UNAVAILABLE', async () => {
    expectUnavailable(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auths/login',
        payload: { email: 'user@example.com', password: 'Demo1234!' },
      }),
    );
    expectUnavailable(
      await t.app.inject({ method: 'GET', url: '/api/v1/auths/me', headers: { 'x-access-Token': 'a'.repeat(43) } }),
    );
    expectUnavailable(await t.app.inject({ method: 'GET', url: '/api/health' }));
  });

  it('started anyway, and readiness names the database and the job queue waiting for it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ errors: { database: 'failed', queue: 'failed' } });
  });
});

describe('PostgreSQL that accepts connections and never answers', () => {
  const sockets = new Set<Socket>();
  const hanging = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let t: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    t = await appOn(`postgres://postgres@127.0.0.1:${await listen(hanging)}/postwise`, 500);
  });
  afterAll(async () => {
    await t?.close();
    for (const s of sockets) s.destroy();
    await new Promise((r) => hanging.close(r));
  });

  it('gives up after the connect timeout and answers 503, never holding the request', async () => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auths/login',
      payload: { email: 'user@example.com', password: 'Demo1234!' },
    });
    const took = performance.now() - started;
    expectUnavailable(res);
    expect(took).toBeLessThan(5_000);
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises the driver errors of a database that is away, through the wrappers, and nothing else', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('the database system is shutting down'), { code: '57P03' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
