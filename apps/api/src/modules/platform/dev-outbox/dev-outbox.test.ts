import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { suiteApp } from '../../../test/suite-app';
import { createTestApp } from '../../../test/test-app';
import { devOutboxRoutes } from './routes';

const suite = suiteApp();

describe('GET /api/v1/dev/outbox', () => {
  it('lists the kept e-mails newest first, optionally for one recipient', async () => {
    await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/auths/forgot-password',
      payload: { email: 'user@example.com' },
    });
    await suite.t.app.inject({
      method: 'POST',
      url: '/api/v1/auths/forgot-password',
      payload: { email: 'shipper@example.com' },
    });
    const res = await suite.t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const messages = res.json().data;
    expect(messages.map((m: { to: string }) => m.to)).toEqual(['shipper@example.com', 'user@example.com']);
    expect(messages[0]).toMatchObject({
      subject: expect.stringContaining('password reset code'),
      text: expect.any(String),
    });
    const one = await suite.t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=USER@example.com' });
    expect(one.json().data.map((m: { to: string }) => m.to)).toEqual(['user@example.com']);
  });

  it('opens to a remote client only with a super-admin session', async () => {
    const remote = (headers: Record<string, string> = {}) =>
      suite.t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress: '203.0.113.9', headers });
    const anonymous = await remote();
    expect(anonymous.statusCode).toBe(401);
    const customer = await remote({ 'x-access-Token': await suite.t.login('user@example.com') });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe('The dev outbox opens only on this machine or for a super admin.');
    const subAdmin = await remote({ 'x-access-Token': await suite.t.login('subadmin@example.com') });
    expect(subAdmin.statusCode).toBe(403);
    const superAdmin = await remote({ 'x-access-Token': await suite.t.login('superadmin@example.com') });
    expect(superAdmin.statusCode).toBe(200);
  });

  it('treats a request relayed by a local proxy as remote', async () => {
    const relayed = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(relayed.statusCode).toBe(401);
    const local = await suite.t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });

  it('behind a trusted proxy, judges the client the proxy reports, not the proxy socket', async () => {
    const proxied = await createTestApp({ seed: false, config: { TRUST_PROXY: 'true' } });
    try {
      const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
        proxied.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress, headers });
      // A proxy on this host relays a stranger: the socket is loopback, the client is not.
      expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(401);
      // A proxy that adds no forwarding header: nothing tells who the client is, so it is not local.
      expect((await get('127.0.0.1')).statusCode).toBe(401);
      expect((await get('::1')).statusCode).toBe(401);
      // The proxy reports a client on its own machine.
      expect((await get('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('is not there at all in production', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }, {}));
    await app.register(devOutboxRoutes);
    const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(404);
    await app.close();
  });
});
