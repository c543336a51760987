import { checkListShapes } from './db/paging';
import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import { ACCESS_TOKEN_HEADER, API_BASE_PATH } from '@postwise/shared/constants';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { type AppConfig, assertServerConfig } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { prepareDatabase } from './prepare-database';
import { createMailer } from './integrations/mailer/create-mailer';
import type { Mailer, OutboxReader } from './integrations/mailer/mailer';
import { createFileStorage } from './integrations/storage/create-storage';
import type { FileStorage } from './integrations/storage/file-storage';
import {
  type CounterStore,
  FallbackCounterStore,
  MemoryCounterStore,
  RedisCounterStore,
  rateLimitStore,
} from './lib/counter-store';
import { tooMany, validationFailed } from './lib/errors';
import {
  accountAccessRoutes,
  apiKeysRoutes,
  auditTrail,
  auditRoutes,
  authsRoutes,
  documentsRoutes,
  onboardingSupportRoutes,
  profilesRoutes,
  settingsRoutes,
  authentication,
} from './modules/identity';
import {
  accountSettingsRoutes,
  applicationsRoutes,
  customersRoutes,
  referredClientsRoutes,
  subAdminsRoutes,
} from './modules/accounts';
import { analyticsRoutes } from './modules/reports';
import {
  contactRoutes,
  devOutboxRoutes,
  faqsRoutes,
  healthRoutes,
  jobsRoutes,
  webhookRoutes,
  webhooksPlugin,
  locationsRoutes,
  notificationHubPlugin,
  notificationsRoutes,
  pushPlugin,
  pushRoutes,
} from './modules/platform';
import {
  complianceRoutes,
  mailRoutes,
  photoLinksPlugin,
  planUsageRoutes,
  storesRoutes,
  textRecognitionPlugin,
} from './modules/mailbox';
import { payoutsRoutes, billingRoutes, paymentsPlugin, plansRoutes } from './modules/billing';
import {
  shipmentsRoutes,
  shipmentBatchesRoutes,
  batchJobsPlugin,
  carrierJobsPlugin,
  carriersPlugin,
  addressesRoutes,
  packagePresetsRoutes,
  pickupsRoutes,
  scanFormsRoutes,
  shippingAnalysisRoutes,
  shippingConfigRoutes,
  shippingRequestsRoutes,
} from './modules/shipping';
import { appContext } from './plugins/app-context';
import { errorHandler } from './plugins/error-handler';
import { metricsPlugin, routeOf } from './plugins/metrics';
import { openapi } from './plugins/openapi';
import { readinessPlugin } from './plugins/readiness';
import { securityHeadersPlugin } from './plugins/security-headers';
import { findUnsafeText } from '@postwise/shared/schemas/safe-text';
import { webApp } from './plugins/web-app';
import { responseSerializer } from './lib/serializer';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open, migrated database owned by the caller (tests). Without it the app opens, prepares and closes its own. */
  db?: Db;
  /** Replaces the counter store chosen from REDIS_URL (tests). */
  counters?: CounterStore;
  /** Replaces the mailer chosen from SMTP_URL (tests). */
  mailer?: Mailer & Partial<OutboxReader>;
  /** Replaces the file storage chosen from S3_BUCKET (tests). */
  storage?: FileStorage;
  /** Where log lines go instead of stdout (tests read the access log). */
  logStream?: { write(line: string): void };
}

const REQUEST_ID_HEADER = 'x-request-id';

function requestId(header: string | string[] | undefined): string {
  // Accept a caller's id (load balancer, client) when it is short and plain, so one id follows a request end to end.
  return typeof header === 'string' && /^[\w.:-]{1,128}$/.test(header) ? header : randomUUID();
}

/** A number means "trust that many proxy hops" (as in proxy-addr); Fastify's types only list the other forms. */
function trustProxy(value: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

function loggerOptions(config: AppConfig, stream?: BuildAppOptions['logStream']): FastifyServerOptions['logger'] {
  const base = {
    level: config.logLevel,
    redact: [`req.headers["${ACCESS_TOKEN_HEADER.toLowerCase()}"]`, 'req.headers.authorization'],
  };
  if (stream) return { ...base, stream };
  const pretty = config.env === 'development' && process.stdout.isTTY;
  return pretty
    ? { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : base;
}

/**
 * One access-log line per request instead of Fastify's two: the "incoming request" line (with the serialized
 * request) is dropped, which halves the logging work on every call (docs/benchmarks.md); the "request completed"
 * line carries what an operator searches by: method, route pattern, status, duration, user and request id (reqId,
 * bound to every line of the request). No URL: query strings can hold what a log should not keep.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.auth?.user.id ?? null,
      ...(request.auth?.impersonatorUserId ? { impersonatorUserId: request.auth.impersonatorUserId } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Builds the whole app without listening: server.ts listens, tests use inject. */
export async function buildApp({
  config,
  db,
  counters,
  mailer,
  storage,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: trustProxy(config.trustProxy),
    genReqId: (req) => requestId(req.headers[REQUEST_ID_HEADER]),
    routerOptions: { ignoreTrailingSlash: true },
    logController: new AccessLog(),
  }).withTypeProvider<ZodTypeProvider>();

  // Before any route schema: no string anywhere in a body, query or params may hold NUL or a lone surrogate, or
  // be longer than any field allows: 422, never a 500 from the database.
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data) => {
      const unsafe = findUnsafeText(data);
      if (unsafe)
        return {
          error: validationFailed(unsafe.message, { [unsafe.path || (route.httpPart ?? 'body')]: unsafe.message }),
        };
      return validate(data);
    };
  });
  app.setSerializerCompiler(responseSerializer({ checkAgainstZod: !config.isProduction }));
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // API answers are per user and per moment: no browser or proxy may keep them.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // Configuration problems first: nothing is opened or migrated for a start that cannot serve.
  if (!mailer) assertServerConfig(config);
  let ownDatabase: Database | undefined;
  if (!db) {
    ownDatabase = await openDatabase(config, (err) => app.log.error({ err }, 'idle database client error'));
    try {
      await prepareDatabase(ownDatabase, config, app.log);
    } catch (err) {
      await ownDatabase.close();
      throw err;
    }
    app.addHook('onClose', async () => ownDatabase?.close());
  }

  // A command waits at most a second: while Redis is away the counters fall back to memory instead of holding
  // requests (FallbackCounterStore), and the app starts even when Redis is not there yet.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, commandTimeout: 1_000, connectTimeout: 2_000 })
    : undefined;
  if (redis) {
    // One line per outage, not one per reconnect attempt.
    let reported = false;
    redis.on('error', (err) => {
      if (reported) return;
      reported = true;
      app.log.error({ err }, 'redis error');
    });
    redis.on('ready', () => (reported = false));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  const counterStore =
    counters ??
    (redis
      ? new FallbackCounterStore(
          redis,
          new RedisCounterStore(redis, config.redisKeyPrefix),
          new MemoryCounterStore(),
          app.log,
        )
      : new MemoryCounterStore());

  checkListShapes((db ?? ownDatabase?.db) as Db, !config.isProduction);
  await app.register(errorHandler);
  await app.register(appContext, {
    config,
    db: (db ?? ownDatabase?.db) as Db,
    counters: counterStore,
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        dataDir: config.dataDir,
        isProduction: config.isProduction,
      }),
    storage: storage ?? createFileStorage({ dataDir: config.dataDir, s3: config.s3 }),
  });
  await app.register(readinessPlugin);
  await app.register(metricsPlugin);
  await app.register(authentication);
  await app.register(paymentsPlugin);
  await app.register(carriersPlugin);
  await app.register(notificationHubPlugin, { redis });
  await app.register(carrierJobsPlugin);
  await app.register(batchJobsPlugin);
  await app.register(webhooksPlugin);
  await app.register(pushPlugin);
  await app.register(photoLinksPlugin);
  await app.register(textRecognitionPlugin);

  // Stripe Elements (card dialog in Stripe mode) loads Stripe.js in an iframe from Stripe's domains.
  const stripe = config.payments.provider === 'stripe';
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
          scriptSrcAttr: ["'none'"],
          // The SPA (and the OpenAPI UI) set inline styles; scripts stay same-origin only.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
          frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      // The embedded default is plain http on localhost; forcing https there would break it. TLS ends at the proxy.
      strictTransportSecurity: config.isProduction,
    },
  });

  // The rate limiter adds its hook to the route's own onRequest array; routes that spread one shared guard object
  // share that array, so one limited route would limit them all. Each route gets an array of its own first.
  app.addHook('onRoute', (route) => {
    if (Array.isArray(route.onRequest)) route.onRequest = [...route.onRequest];
  });
  // Per-route limits opt in with `config: { rateLimit: {...} }`; a global limit would also throttle static files.
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted by the app's CounterStore: shared through Redis, in memory while Redis is away.
    store: rateLimitStore(counterStore),
    errorResponseBuilder: (_request, context) => tooMany(undefined, context.ttl / 1000),
  });

  await app.register(openapi, { publicUrl: config.publicUrl, serveDocs: config.apiDocs });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(
    async (api) => {
      // JSON answers above 1 KB go out compressed. Scoped to the API: static files and the /json lists are
      // compressed at build time and sent as stored; brotli and gzip only, so nothing falls back to deflate.
      await api.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
      // First, so its hook covers every route: writes made while accessing another account are audited.
      await api.register(auditTrail);
      await api.register(authsRoutes);
      await api.register(profilesRoutes);
      await api.register(accountSettingsRoutes);
      await api.register(plansRoutes);
      await api.register(billingRoutes);
      await api.register(faqsRoutes);
      await api.register(contactRoutes);
      await api.register(shipmentsRoutes);
      await api.register(shipmentBatchesRoutes);
      await api.register(addressesRoutes);
      await api.register(packagePresetsRoutes);
      await api.register(pickupsRoutes);
      await api.register(scanFormsRoutes);
      await api.register(shippingRequestsRoutes);
      await api.register(shippingConfigRoutes);
      await api.register(shippingAnalysisRoutes);
      await api.register(documentsRoutes);
      await api.register(onboardingSupportRoutes);
      await api.register(devOutboxRoutes);
      await api.register(accountAccessRoutes);
      await api.register(auditRoutes);
      await api.register(analyticsRoutes);
      await api.register(customersRoutes);
      await api.register(subAdminsRoutes);
      await api.register(referredClientsRoutes);
      await api.register(storesRoutes);
      await api.register(settingsRoutes);
      await api.register(applicationsRoutes);
      await api.register(mailRoutes);
      await api.register(notificationsRoutes);
      await api.register(pushRoutes);
      await api.register(payoutsRoutes);
      await api.register(planUsageRoutes);
      await api.register(complianceRoutes);
      await api.register(jobsRoutes);
      await api.register(apiKeysRoutes);
      await api.register(webhookRoutes);
    },
    { prefix: API_BASE_PATH },
  );

  await app.register(locationsRoutes);
  await app.register(webApp, { webDistDir: config.webDistDir });
  return app;
}
