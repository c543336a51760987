import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientTypes, DOCUMENT_FILE, lintDocument, type OpenApiJson, SCHEMA_FILE } from './scripts/openapi-contract';
import { suiteApp } from './test/suite-app';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description?: string; $ref?: string; content?: Record<string, unknown> }>;
}

let served: OpenApiJson;
let operations: { method: string; path: string; op: Operation }[];

const suite = suiteApp({ seed: false });
beforeAll(async () => {
  served = (await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  operations = Object.entries(served.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as unknown as Operation })),
  );
});

describe('the OpenAPI contract (GET /api/docs/json)', () => {
  it('is the document committed in packages/client (regenerate with npm run client:generate)', () => {
    const committed = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8'));
    expect(served).toEqual(committed);
  });

  it('has client types generated from that document', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await clientTypes(served));
  });

  it("passes Redocly's recommended rules (and redocly.yaml's) with 0 errors", async () => {
    const { errors, warnings } = await lintDocument(DOCUMENT_FILE);
    expect(errors.map((e) => `${e.ruleId} ${e.location[0]?.pointer}: ${e.message}`)).toEqual([]);
    // The API-key scheme is declared before any operation accepts keys; shipments/batches/{id} and
    // shipments/{id}/full read alike to Redocly, but a shipment id is a UUID, never "batches" (the spec's paths).
    // Nothing else may warn.
    const allowed = [
      'no-unused-components #/components/securitySchemes/apiKey',
      'no-ambiguous-paths #/paths/~1api~1v1~1shipments~1batches~1{id}',
    ];
    for (const w of warnings) expect(allowed).toContain(`${w.ruleId} ${w.location[0]?.pointer}`);
  }, 60_000);

  it('gives every operation a unique camelCase operationId, a summary and described answers', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(op.summary, where).toBeTruthy();
      expect(op.responses.default, where).toEqual({ $ref: '#/components/responses/Failure' });
      for (const [status, response] of Object.entries(op.responses)) {
        if (response.$ref) continue;
        expect(response.description, `${where} ${status}`).not.toBe('Default Response');
      }
      for (const parameter of op.parameters ?? []) expect(parameter.description, where).toBeTruthy();
    }
  });

  it('documents the failure envelope once, as the shared error answers', () => {
    const failure = (served.components as { responses: Record<string, unknown> }).responses.Failure;
    expect(failure).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiFailure' } } },
    });
    expect(served.paths['/api/v1/auths/login']!.post!.responses).toMatchObject({
      422: { $ref: '#/components/responses/ValidationFailed' },
      429: { $ref: '#/components/responses/RateLimited' },
    });
  });

  it('declares the real content types of files, CSVs, the export ZIP and the event stream', () => {
    const types = (path: string) =>
      Object.keys(
        (served.paths[path]!.get as unknown as Operation).responses['200']!.content as Record<string, unknown>,
      );
    expect(types('/api/v1/shipments/{id}/label')).toEqual(['application/pdf', 'application/zpl']);
    expect(types('/api/v1/invoices/{id}/pdf')).toEqual(['application/pdf']);
    expect(types('/api/v1/payouts/{id}/pdf')).toEqual(['application/pdf']);
    expect(types('/api/v1/payouts/{id}/csv')).toEqual(['text/csv']);
    expect(types('/api/v1/analytics/summary.csv')).toEqual(['text/csv']);
    expect(types('/api/v1/account-settings/export')).toEqual(['application/zip']);
    expect(types('/api/v1/mail-items/{id}/scan')).toEqual(['application/pdf']);
    expect(types('/api/v1/mail-items/{id}/photos/{index}')).toContain('image/jpeg');
    expect(types('/api/v1/notifications/stream')).toEqual(['text/event-stream']);
  });

  it('describes every multipart body with its fields and files', () => {
    const multipart = operations.filter(({ op }) => op.requestBody?.content['multipart/form-data']);
    expect(multipart.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'POST /api/v1/account-settings/profile/documents',
      'POST /api/v1/addresses/import',
      'POST /api/v1/auths/upload-documents',
      'POST /api/v1/mail-intake/read',
      'POST /api/v1/mail-requests/{id}/complete',
      'POST /api/v1/mailboxes/{id}/labels',
      'POST /api/v1/settings/logos/{kind}',
      'POST /api/v1/shipments/batches',
      'POST /api/v1/shipping-analysis',
      'POST /api/v1/users/subscribe',
    ]);
    for (const { path, op } of multipart) {
      const schema = (op.requestBody!.content['multipart/form-data'] as { schema: { properties: object } }).schema;
      const files = JSON.stringify(schema.properties).match(/"format":"binary"/g) ?? [];
      expect(files.length, path).toBeGreaterThan(0);
    }
  });

  it('holds no two paths one URL could match (users/encrypted/{userId} stays as the spec shapes it)', () => {
    expect(served.paths).toHaveProperty(['/api/v1/users/encrypted/{userId}']);
    expect(served.paths).toHaveProperty(['/api/v1/accounts/{userId}/activity']);
    expect(Object.keys(served.paths).filter((p) => p.startsWith('/api/v1/users/{'))).toEqual([]);
  });

  it('requires a state for US addresses, as the server does', () => {
    const schemas = (served.components as { schemas: Record<string, { allOf?: { then?: { required?: string[] } }[] }> })
      .schemas;
    for (const name of ['AddressInput', 'AddressFormInput']) {
      expect(schemas[name]!.allOf![0]!.then!.required, name).toEqual(['state']);
    }
  });

  it("marks public operations `security: []`, and each one's marking holds: no session, no 401", async () => {
    const probe = (path: string) =>
      path
        .replace('{kind}', 'light')
        .replace('{index}', '0')
        .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
    for (const { method, path, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.security, where).toBeDefined();
      const res = await suite.t.app.inject({ method: method.toUpperCase() as 'GET', url: probe(path) });
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      if (op.security!.length === 0 || op.security!.some((s) => Object.keys(s).length === 0)) {
        expect(res.statusCode, where).not.toBe(401);
      } else if (schemes.includes('accessToken')) {
        expect(res.statusCode, where).toBe(401);
      } else {
        // Signed by a provider (webhooks): refused without the signature.
        expect([400, 401], where).toContain(res.statusCode);
      }
    }
  });
});

describe('GET /api/docs in production', () => {
  const production = suiteApp({
    seed: false,
    config: {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'https://app.postwise.test',
      // Production names its payment provider (the sandbox only with the explicit opt-in).
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: true,
    },
  });

  it('is served by default, naming the public address as the server', async () => {
    const res = await production.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().servers).toEqual([{ url: 'https://app.postwise.test', description: expect.any(String) }]);
    expect(res.json().components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
