import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertServerConfig, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded setup on port 3000 with demo data', () => {
    const config = loadConfig({}, {});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      sessionTtlMinutes: 720,
      seedDemo: true,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.pgliteDir).toBe(path.join(REPO_ROOT, 'data', 'pglite'));
    expect(config.webDistDir).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
  });

  it('resolves relative directories from the repository root, not the working directory', () => {
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '../../..'));
    expect(loadConfig({ DATA_DIR: 'tmp/x' }, {}).dataDir).toBe(path.join(REPO_ROOT, 'tmp', 'x'));
    expect(loadConfig({ DATA_DIR: '/var/lib/postwise' }, {}).dataDir).toBe('/var/lib/postwise');
  });

  it('does not seed by default on a real database and never in production', () => {
    expect(loadConfig({}, { DATABASE_URL: 'postgres://db/postwise' }).seedDemo).toBe(false);
    expect(loadConfig({}, { DATABASE_URL: 'postgres://db/postwise', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({}, { NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(false);
  });

  it('reads TRUST_PROXY as a flag, a hop count or an address list', () => {
    expect(loadConfig({}, { TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({}, { TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}, { TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('reads the EasyPost API base from EASYPOST_API_URL, or its older name EASYPOST_BASE_URL', () => {
    expect(loadConfig({}, {}).shipping.easypostBaseUrl).toBeUndefined();
    const gateway = 'https://easypost-gateway.internal/v2/';
    expect(loadConfig({}, { EASYPOST_API_URL: gateway }).shipping.easypostBaseUrl).toBe(gateway);
    expect(loadConfig({}, { EASYPOST_BASE_URL: gateway }).shipping.easypostBaseUrl).toBe(gateway);
    expect(
      loadConfig({}, { EASYPOST_API_URL: gateway, EASYPOST_BASE_URL: 'http://old/v2/' }).shipping.easypostBaseUrl,
    ).toBe(gateway);
    expect(() => loadConfig({}, { EASYPOST_API_URL: 'not a url' })).toThrow(/EASYPOST_API_URL/);
  });

  it('rejects an invalid environment at start with the variable named', () => {
    expect(() => loadConfig({}, { PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({}, { NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('binds loopback unless HOST is set', () => {
    expect(loadConfig({}, {}).host).toBe('127.0.0.1');
    expect(loadConfig({}, { HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('serves the API docs everywhere unless API_DOCS=false', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };
    expect(loadConfig({}, {}).apiDocs).toBe(true);
    expect(loadConfig({}, production).apiDocs).toBe(true);
    expect(loadConfig({}, { ...production, API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('refuses to serve production without SMTP_URL, with one line naming it', () => {
    expect(() => assertServerConfig(loadConfig({}, { NODE_ENV: 'production' }))).toThrow(
      /^Invalid configuration: SMTP_URL is required when NODE_ENV=production[^\n]*$/,
    );
    expect(() =>
      assertServerConfig(
        loadConfig(
          {},
          {
            NODE_ENV: 'production',
            SMTP_URL: 'smtp://mail.example.com:587',
            PAYMENT_PROVIDER: 'sandbox',
            ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
          },
        ),
      ),
    ).not.toThrow();
    expect(() => assertServerConfig(loadConfig({}, {}))).not.toThrow();
  });

  it('lets overrides win over the environment', () => {
    expect(loadConfig({ PORT: 4000 }, { PORT: '5000' }).port).toBe(4000);
  });
  it('reads the carrier credentials key as 32 bytes of hex or base64 and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ CARRIER_CREDENTIALS_KEY: hex }, {}).shipping.credentialsKey).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ CARRIER_CREDENTIALS_KEY: b64 }, {}).shipping.credentialsKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ CARRIER_CREDENTIALS_KEY: 'short' }, {})).toThrow(
      /CARRIER_CREDENTIALS_KEY must be 32 bytes/,
    );
    // Production never falls back to the development key.
    expect(loadConfig({ NODE_ENV: 'production' }, {}).shipping.credentialsKey).toBeUndefined();
    expect(loadConfig({}, {}).shipping.credentialsKey).toHaveLength(32);
  });
});
