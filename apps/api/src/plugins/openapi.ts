import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ACCESS_TOKEN_HEADER, PRODUCT_NAME } from '@postwise/shared/constants';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completeDocument, type OpenApiDocument } from './openapi-document';

export interface OpenApiOptions {
  /** The address clients call (PUBLIC_URL): the document's one server. */
  publicUrl: string;
  /** Serve the UI and the document at /api/docs (API_DOCS). */
  serveDocs: boolean;
}

export const DOCS_PREFIX = '/api/docs';

const DESCRIPTION = [
  `The ${PRODUCT_NAME} API: shipping (quotes, labels, tracking, pickups, address book) and the virtual mailbox`,
  '(mail items, scans, forwarding, pickup), with billing, plans and the admin tools.',
  '',
  'Every JSON answer is an envelope: `{isSuccess: true, data}`, paged lists',
  '`{isSuccess: true, items, pageNo, pageSize, total}`, failures `{isSuccess: false, message, code, errors?}`',
  'with the HTTP status (422: `errors` maps each field to its message).',
  '',
  `Authenticate with the session token from \`POST /api/v1/auths/login\` in the \`${ACCESS_TOKEN_HEADER}\` header,`,
  'or, on the operations that list it, with an API key: `Authorization: Bearer pw_live_…`.',
].join('\n');

/**
 * PUBLIC_URL when it names a real host; on a local start the relative `/` (the host that served the document), so
 * the document does not send readers to a localhost that is not theirs.
 */
function documentServer(publicUrl: string) {
  return /^https?:\/\/(localhost|127\.|\[::1\])/.test(publicUrl)
    ? { url: '/', description: 'The host serving this document' }
    : { url: publicUrl, description: 'This deployment' };
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The JSON Schema of a documented-only body (see lib/openapi.ts), as an OpenAPI media type. */
function documentedMedia(schema: z.ZodType) {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  });
  return { schema: json };
}

/**
 * Per route: zod schemas to JSON Schema (fastify-type-provider-zod), documented-only bodies added, and a route
 * that declares no security marked public (`security: []`): the contract test checks each public operation
 * really answers without a session and each other one refuses it.
 */
function transformRoute(input: TransformInput) {
  const { documentedBody, ...schema } = input.schema ?? {};
  const result = jsonSchemaTransform({ ...input, schema } as TransformInput);
  const out = result.schema as Record<string, unknown>;
  if (documentedBody) {
    out.body = {
      content: Object.fromEntries(Object.entries(documentedBody).map(([type, s]) => [type, documentedMedia(s)])),
    };
  }
  out.security ??= [];
  return result;
}

/** The OpenAPI 3.1 document of every route, and (unless API_DOCS=false) the UI and document at /api/docs. */
export const openapi = fp<OpenApiOptions>(
  async (app, { publicUrl, serveDocs }) => {
    const options: FastifyDynamicSwaggerOptions = {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${PRODUCT_NAME} API`,
          version: '1',
          description: DESCRIPTION,
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [documentServer(publicUrl)],
        components: {
          securitySchemes: {
            accessToken: {
              type: 'apiKey',
              in: 'header',
              name: ACCESS_TOKEN_HEADER,
              description: 'The session token answered by `POST /api/v1/auths/login` (`data.accessToken`).',
            },
            paymentSignature: {
              type: 'apiKey',
              in: 'header',
              name: 'Stripe-Signature',
              description:
                "The payment provider's HMAC of the raw body (Stripe's format): only the provider calls this.",
            },
            trackingSignature: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Hmac-Signature',
              description:
                "The carrier's HMAC-SHA256 of the raw body (EasyPost's format): only the carrier calls this.",
            },
            metricsToken: {
              type: 'http',
              scheme: 'bearer',
              description: 'METRICS_TOKEN of the server, when it sets one (GET /api/metrics only).',
            },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'pw_live_…',
              description:
                'An API key created in account settings, sent as `Authorization: Bearer pw_live_…`. It acts as its ' +
                'owner with only its scopes, on the operations that list this scheme.',
            },
          },
        },
      },
      transform: transformRoute as FastifyDynamicSwaggerOptions['transform'],
      transformObject: (input) =>
        completeDocument(
          jsonSchemaTransformObject(input as Parameters<typeof jsonSchemaTransformObject>[0]) as OpenApiDocument,
        ),
    };
    await app.register(fastifySwagger, options);
    if (serveDocs) {
      await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { validatorUrl: null } });
    }
  },
  { name: 'openapi' },
);
