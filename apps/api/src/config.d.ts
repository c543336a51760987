import { z } from 'zod';
import { REPO_ROOT } from './paths';
export { REPO_ROOT };
/** Every environment variable the API reads. Nothing outside this file touches process.env. */
/** Dev and test only: the sandbox carrier signs its tracking webhooks with this. */
export declare const DEV_TRACKING_WEBHOOK_SECRET = "postwise-sandbox-tracking-webhooks";
declare const envSchema: z.ZodObject<{
    NODE_ENV: z.ZodDefault<z.ZodEnum<{
        development: "development";
        test: "test";
        production: "production";
    }>>;
    PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    HOST: z.ZodDefault<z.ZodString>;
    DATABASE_URL: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    TEST_DATABASE_URL: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    DATA_DIR: z.ZodDefault<z.ZodString>;
    SESSION_TTL_MINUTES: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    REDIS_URL: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    REDIS_KEY_PREFIX: z.ZodDefault<z.ZodString>;
    LOG_LEVEL: z.ZodOptional<z.ZodEnum<{
        error: "error";
        fatal: "fatal";
        warn: "warn";
        info: "info";
        debug: "debug";
        trace: "trace";
        silent: "silent";
    }>>;
    WEB_DIST_DIR: z.ZodDefault<z.ZodString>;
    SEED_DEMO: z.ZodOptional<z.ZodUnion<readonly [z.ZodBoolean, z.ZodCodec<z.ZodString, z.ZodBoolean>]>>;
    TRUST_PROXY: z.ZodOptional<z.ZodString>;
    LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    LOGIN_MAX_FAILURES_PER_IP: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    LOGIN_FAILURE_WINDOW_MINUTES: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    PUBLIC_URL: z.ZodOptional<z.ZodURL>;
    SMTP_URL: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    MAIL_FROM: z.ZodDefault<z.ZodString>;
    SUPPORT_EMAIL: z.ZodDefault<z.ZodEmail>;
    S3_BUCKET: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    S3_REGION: z.ZodDefault<z.ZodString>;
    S3_ENDPOINT: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    S3_FORCE_PATH_STYLE: z.ZodDefault<z.ZodUnion<readonly [z.ZodBoolean, z.ZodCodec<z.ZodString, z.ZodBoolean>]>>;
    S3_ACCESS_KEY_ID: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    S3_SECRET_ACCESS_KEY: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    SUPER_ADMIN_EMAIL: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    SUPER_ADMIN_PASSWORD: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    PAYMENT_PROVIDER: z.ZodDefault<z.ZodEnum<{
        sandbox: "sandbox";
        stripe: "stripe";
    }>>;
    STRIPE_SECRET_KEY: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    STRIPE_PUBLISHABLE_KEY: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    STRIPE_WEBHOOK_SECRET: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    API_DOCS: z.ZodOptional<z.ZodUnion<readonly [z.ZodBoolean, z.ZodCodec<z.ZodString, z.ZodBoolean>]>>;
    BILLING_INTERVAL_SECONDS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    PURGE_INTERVAL_SECONDS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    PURGE_GRACE_MINUTES: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    CARRIER_CREDENTIALS_KEY: z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<string | undefined, string | undefined>>;
    EASYPOST_BASE_URL: z.ZodOptional<z.ZodURL>;
    TRACKING_WEBHOOK_SECRET: z.ZodOptional<z.ZodString>;
    SHIPPING_QUOTE_TTL_MINUTES: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    TRACKING_INTERVAL_SECONDS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    MAIL_JOBS_INTERVAL_SECONDS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    PAYOUT_JOBS_INTERVAL_SECONDS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
}, z.core.$strip>;
/** Reads a 32-byte key written as hex or base64; null when it is neither. */
export declare function parseKey32(value: string): Buffer | null;
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
    /** Set: real PostgreSQL through node-postgres. Unset: the embedded PGlite under `pgliteDir`. */
    databaseUrl: string | undefined;
    testDatabaseUrl: string | undefined;
    dataDir: string;
    pgliteDir: string;
    sessionTtlMinutes: number;
    redisUrl: string | undefined;
    redisKeyPrefix: string;
    logLevel: string;
    webDistDir: string;
    seedDemo: boolean;
    trustProxy: boolean | number | string;
    /** Sign-in throttling (LoginThrottle): per (account, IP) pair and per IP, never per account alone. */
    login: {
        maxFailuresPerAccountIp: number;
        maxFailuresPerIp: number;
        failureWindowMinutes: number;
    };
    superAdmin: {
        email: string | undefined;
        password: string | undefined;
    };
    payments: {
        provider: 'sandbox' | 'stripe';
        stripe: {
            secretKey: string;
            publishableKey: string;
            webhookSecret: string | undefined;
        } | undefined;
        /** Signs sandbox webhook events (Stripe's format); the Stripe webhook secret when one is set. */
        sandboxWebhookSecret: string;
    };
    billingIntervalSeconds: number;
    apiDocs: boolean;
    purge: {
        intervalSeconds: number;
        graceMinutes: number;
    };
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
    publicUrl: string;
    mail: {
        smtpUrl: string | undefined;
        from: string;
        supportEmail: string;
    };
    s3: {
        bucket: string;
        region: string;
        endpoint?: string;
        forcePathStyle: boolean;
        accessKeyId?: string;
        secretAccessKey?: string;
    } | undefined;
    now: () => Date;
}
/**
 * Validates the environment once. `overrides` win over `env`; tests pass their own values
 * (and may pass an empty `env` to ignore the machine's environment).
 */
export declare function loadConfig(overrides?: ConfigOverrides, env?: NodeJS.ProcessEnv): AppConfig;
/**
 * What serving needs on top of a valid environment (the one-off scripts, e.g. create-super-admin, do not).
 * Checked before the database is opened or migrated; the message is one line naming the variable.
 */
export declare function assertServerConfig(config: AppConfig): void;
