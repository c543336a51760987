import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { devOutboxRoutes } from './routes';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/dev/outbox', () => {
  it('lists the kept e-mails newest first, optionally for one recipient', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auths/forgot-password',
      payload: { email: 'user@example.com' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auths/forgot-password',
      payload: { email: 'shipper@example.com' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const messages = res.json().data;
    expect(messages.map((m: { to: string }) => m.to)).toEqual(['shipper@example.com', 'user@example.com']);
    expect(messages[0]).toMatchObject({
      subject: expect.stringContaining('password reset code'),
      text: expect.any(String),
    });
    const one = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=USER@example.com' });
    expect(one.json().data.map((m: { to: string }) => m.to)).toEqual(['user@example.com']);
  });

  it('is not there at all in production', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', loadConfig({ NODE_ENV: 'production' }, {}));
    await app.register(devOutboxRoutes);
    const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(404);
    await app.close();
  });
});
