import { randomBytes } from 'node:crypto';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

export { REPO_ROOT };

const booleanish = z.union([z.boolean(), z.stringbool()]);
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Every environment variable the API reads. Nothing outside this file touches process.env. */
/** Dev and test only: the sandbox carrier signs its tracking webhooks with this. */
export const DEV_TRACKING_WEBHOOK_SECRET = 'postwise-sandbox-tracking-webhooks';

/** Dev and test only: signs the sandbox provider's webhook events (production has no sandbox webhook route). */
export const DEV_SANDBOX_WEBHOOK_SECRET = 'whsec_postwise_sandbox';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** On SIGTERM: how long requests in flight may take to finish before the process exits. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Loopback unless set: an embedded start (demo data, dev outbox) is not reachable from the network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalString,
  /** Milliseconds a request waits for a PostgreSQL connection before it is answered 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** Tests only: a PostgreSQL server on which each test file creates (and drops) its own database. */
  TEST_DATABASE_URL: optionalString,
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_TTL_MINUTES: z.coerce.number().int().positive().default(720),
  /** Absolute lifetime of a sign-in, however active: after it the user signs in again. */
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().positive().default(168),
  REDIS_URL: optionalString,
  REDIS_KEY_PREFIX: z.string().default('postwise:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  SEED_DEMO: booleanish.optional(),
  TRUST_PROXY: z.string().optional(),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Public address of the product, used in links inside e-mails. */
  PUBLIC_URL: z.url().optional(),
  /** Production e-mail: SMTP URL, e.g. smtps://user:pass@smtp.example.com:465. Unset: the dev outbox. */
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().min(3).default('Postwise <no-reply@postwise.local>'),
  SUPPORT_EMAIL: z.email().default('support@postwise.local'),
  /** The company that issues the platform's invoices (its address is the platform's default store). */
  COMPANY_NAME: z.string().trim().min(1).max(120).optional(),
  /** Production files: an S3-compatible bucket. Unset: a directory under DATA_DIR. */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalString,
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Inputs of `npm run create-super-admin` when not given as arguments. */
  SUPER_ADMIN_EMAIL: optionalString,
  SUPER_ADMIN_PASSWORD: optionalString,
  /**
   * Payments: `sandbox` (Stripe's test card numbers, nothing is charged) or `stripe`. Defaults to sandbox outside
   * production; production must name it, and runs the sandbox only with ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: booleanish.default(false),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** The OpenAPI UI and document at /api/docs: on unless false (integrators build on it in production too). */
  API_DOCS: booleanish.optional(),
  /** Set: GET /api/metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. Unset: it is open. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Seconds between billing-cycle runs (renewals, late fees, reinstatement); 0 disables the runner. */
  BILLING_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Seconds between purges of expired sessions and one-time codes; 0 disables the purge. */
  PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(600),
  /** How long an expired, revoked or used session or code is kept before the purge deletes it. */
  PURGE_GRACE_MINUTES: z.coerce.number().int().min(0).default(60),
  /**
   * Encrypts carrier credentials at rest (AES-256-GCM): 32 bytes as 64 hex characters or base64.
   * Without it production refuses to store carrier credentials (the sandbox carrier needs none); development and
   * tests fall back to a fixed key that protects nothing.
   */
  CARRIER_CREDENTIALS_KEY: optionalString,
  /**
   * EasyPost's API base, e.g. a gateway in front of it, or the local fake in tests (`http://127.0.0.1:8123/v2/`);
   * unset: the SDK's default. EASYPOST_BASE_URL is the older name of the same setting.
   */
  EASYPOST_API_URL: z.url().optional(),
  EASYPOST_BASE_URL: z.url().optional(),
  /** Signs carrier tracking webhooks (EasyPost's webhook secret; X-Hmac-Signature). */
  TRACKING_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Minutes a shipment quote's rate ids stay valid. */
  SHIPPING_QUOTE_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Seconds between tracking refresh runs; 0 disables the runner. */
  TRACKING_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Seconds between mail job runs (storage fees, fee notices, trash emptying, usage invoices); 0 disables them. */
  MAIL_JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Payouts: last month's payout per sub-admin, computed once at period close (0: off). */
  PAYOUT_JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** Milliseconds between polls of each job queue (e-mail, webhooks) in this process; 0: this process runs no jobs. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** Longest wait between two attempts of an e-mail: once SMTP is back, waiting mail goes within about this. */
  EMAIL_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long a webhook delivery is retried before it has failed for good (a day). */
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce.number().int().min(0).default(86_400),
  /**
   * Web Push (VAPID, RFC 8292): the key pair the push services know this server by (base64url, as
   * `npx web-push generate-vapid-keys` prints them) and the contact they may reach (mailto: or https:). Unset
   * outside production: a pair is generated once and kept in DATA_DIR. Unset in production: no push.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  /**
   * Signs the short-lived links of private images (mail photo thumbnails) that an <img srcset> loads without the
   * session header. Every API process needs the same one. Unset outside production: generated once in DATA_DIR;
   * unset in production: a random one per process (links then work only on the process that made them).
   */
  FILE_LINK_SECRET: z.string().trim().min(32).optional(),
  /** Requests a minute one API key may make (each key its own count). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
});

/** Reads a 32-byte key written as hex or base64; null when it is neither. */
export function parseKey32(value: string): Buffer | null {
  const buf = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return buf.length === 32 ? buf : null;
}

// Development and tests only: production never encrypts with a key that is in the source.
const DEV_CARRIER_KEY = Buffer.alloc(32, 'postwise-dev-carrier-credentials');

export type EnvName = keyof z.input<typeof envSchema>;

export type ConfigOverrides = Partial<Record<EnvName, string | number | boolean | undefined>> & {
  /** The clock; tests move it to expire sessions. */
  now?: () => Date;
};

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  shutdownDrainSeconds: number;
  /** Set: real PostgreSQL through node-postgres. Unset: the embedded PGlite under `pgliteDir`. */
  databaseUrl: string | undefined;
  databaseConnectTimeoutMs: number;
  testDatabaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  sessionTtlMinutes: number;
  /** A session ends this long after sign-in even while in use (the idle timeout slides, this does not). */
  sessionMaxAgeHours: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  logLevel: string;
  webDistDir: string;
  seedDemo: boolean;
  trustProxy: boolean | number | string;
  /** Sign-in throttling (LoginThrottle): per (account, IP) pair and per IP, never per account alone. */
  login: { maxFailuresPerAccountIp: number; maxFailuresPerIp: number; failureWindowMinutes: number };
  superAdmin: { email: string | undefined; password: string | undefined };
  payments: {
    provider: 'sandbox' | 'stripe';
    /** PAYMENT_PROVIDER was set (production refuses to guess). */
    providerNamed: boolean;
    /** Production running the sandbox on purpose (ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION): no card is charged. */
    sandboxInProduction: boolean;
    stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
    /** Signs sandbox webhook events (Stripe's format); the Stripe webhook secret when one is set. */
    sandboxWebhookSecret: string;
  };
  billingIntervalSeconds: number;
  apiDocs: boolean;
  metricsToken: string | undefined;
  purge: { intervalSeconds: number; graceMinutes: number };
  shipping: {
    /** Undefined in production without CARRIER_CREDENTIALS_KEY: credentials cannot be stored then. */
    credentialsKey: Buffer | undefined;
    easypostBaseUrl: string | undefined;
    quoteTtlMinutes: number;
    trackingIntervalSeconds: number;
    /** Verifies tracking webhooks; undefined in production without TRACKING_WEBHOOK_SECRET (webhooks refused). */
    trackingWebhookSecret: string | undefined;
  };
  mailJobsIntervalSeconds: number;
  payoutJobsIntervalSeconds: number;
  /** The durable job queue (lib/job-queue.ts). */
  jobs: { pollIntervalMs: number; emailMaxRetryDelaySeconds: number };
  apiKeys: { rateLimitPerMinute: number };
  /** Signed webhooks: retry window; production refuses private, loopback and link-local targets. */
  webhooks: { retryWindowSeconds: number; guardTargets: boolean };
  /**
   * Web Push: configured keys (undefined: generated in DATA_DIR outside production, none in production), the
   * VAPID contact, and whether subscriptions may name http: or private push services (development and tests).
   */
  /** Key of the signed image links (undefined: generated, see FILE_LINK_SECRET). */
  fileLinkSecret: string | undefined;
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    guardTargets: boolean;
  };
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string };
  /** The platform's company name on its invoices. */
  companyName: string;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint?: string;
        forcePathStyle: boolean;
        accessKeyId?: string;
        secretAccessKey?: string;
      }
    | undefined;
  now: () => Date;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * Validates the environment once. `overrides` win over `env`; tests pass their own values
 * (and may pass an empty `env` to ignore the machine's environment).
 */
export function loadConfig(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { now, ...envOverrides } = overrides;
  const result = envSchema.safeParse({ ...env, ...envOverrides });
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  const isProduction = e.NODE_ENV === 'production';
  const paymentProvider = e.PAYMENT_PROVIDER ?? 'sandbox';
  if (paymentProvider === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
      (name) => !e[name] && (name !== 'STRIPE_WEBHOOK_SECRET' || isProduction),
    );
    if (missing.length) throw new Error(`Invalid configuration: PAYMENT_PROVIDER=stripe needs ${missing.join(', ')}`);
  }
  const carrierKey = e.CARRIER_CREDENTIALS_KEY ? parseKey32(e.CARRIER_CREDENTIALS_KEY) : null;
  if (e.CARRIER_CREDENTIALS_KEY && !carrierKey) {
    throw new Error('Invalid configuration: CARRIER_CREDENTIALS_KEY must be 32 bytes (64 hex characters or base64)');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together');
  }
  if (e.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(e.VAPID_SUBJECT)) {
    throw new Error('Invalid configuration: VAPID_SUBJECT must be a mailto: or https: address');
  }
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    testDatabaseUrl: e.TEST_DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    sessionMaxAgeHours: e.SESSION_MAX_AGE_HOURS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR),
    // Known demo passwords never reach a production database.
    seedDemo: isProduction ? false : (e.SEED_DEMO ?? e.DATABASE_URL === undefined),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    login: {
      maxFailuresPerAccountIp: e.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      failureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    superAdmin: { email: e.SUPER_ADMIN_EMAIL, password: e.SUPER_ADMIN_PASSWORD },
    payments: {
      provider: paymentProvider,
      providerNamed: e.PAYMENT_PROVIDER !== undefined,
      sandboxInProduction: isProduction && paymentProvider === 'sandbox' && e.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION,
      stripe:
        paymentProvider === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            }
          : undefined,
      // Production has no sandbox webhook route, and never a secret written in the source: a random one.
      sandboxWebhookSecret:
        e.STRIPE_WEBHOOK_SECRET ??
        (isProduction ? `whsec_${randomBytes(24).toString('base64url')}` : DEV_SANDBOX_WEBHOOK_SECRET),
    },
    billingIntervalSeconds: e.BILLING_INTERVAL_SECONDS,
    apiDocs: e.API_DOCS ?? true,
    metricsToken: e.METRICS_TOKEN,
    purge: { intervalSeconds: e.PURGE_INTERVAL_SECONDS, graceMinutes: e.PURGE_GRACE_MINUTES },
    shipping: {
      credentialsKey: carrierKey ?? (isProduction ? undefined : DEV_CARRIER_KEY),
      easypostBaseUrl: e.EASYPOST_API_URL ?? e.EASYPOST_BASE_URL,
      quoteTtlMinutes: e.SHIPPING_QUOTE_TTL_MINUTES,
      trackingIntervalSeconds: e.TRACKING_INTERVAL_SECONDS,
      trackingWebhookSecret: e.TRACKING_WEBHOOK_SECRET ?? (isProduction ? undefined : DEV_TRACKING_WEBHOOK_SECRET),
    },
    mailJobsIntervalSeconds: e.MAIL_JOBS_INTERVAL_SECONDS,
    payoutJobsIntervalSeconds: e.PAYOUT_JOBS_INTERVAL_SECONDS,
    jobs: { pollIntervalMs: e.JOBS_POLL_INTERVAL_MS, emailMaxRetryDelaySeconds: e.EMAIL_RETRY_MAX_DELAY_SECONDS },
    apiKeys: { rateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE },
    webhooks: { retryWindowSeconds: e.WEBHOOK_RETRY_WINDOW_SECONDS, guardTargets: isProduction },
    fileLinkSecret: e.FILE_LINK_SECRET,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      guardTargets: isProduction,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportEmail: e.SUPPORT_EMAIL },
    companyName: e.COMPANY_NAME ?? PRODUCT_NAME,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    now: now ?? (() => new Date()),
  };
}

/**
 * What serving needs on top of a valid environment (the one-off scripts, e.g. create-super-admin, do not).
 * Checked before the database is opened or migrated; the message is one line naming the variable.
 */
export function assertServerConfig(config: AppConfig): void {
  if (!config.isProduction) return;
  if (!config.mail.smtpUrl) {
    throw new Error(
      'Invalid configuration: SMTP_URL is required when NODE_ENV=production (codes, resets and invitations are e-mailed)',
    );
  }
  if (!config.payments.providerNamed) {
    throw new Error(
      'Invalid configuration: PAYMENT_PROVIDER is required when NODE_ENV=production (stripe, or sandbox with ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true)',
    );
  }
  if (config.payments.provider === 'sandbox' && !config.payments.sandboxInProduction) {
    throw new Error(
      'Invalid configuration: PAYMENT_PROVIDER=sandbox charges no card; in production it needs ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true',
    );
  }
}

/** What the start log must shout about: settings that are allowed but dangerous where they are. */
export function startupWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.payments.sandboxInProduction) {
    warnings.push(
      'SANDBOX PAYMENTS IN PRODUCTION (ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true): no card is charged and every purchase is free. Set PAYMENT_PROVIDER=stripe to take real payments.',
    );
  }
  return warnings;
}
