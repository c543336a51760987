import { buildApp } from './app';
import { installDrain } from './drain';
import { type AppConfig, assertServerConfig, loadConfig, startupWarnings } from './config';
import { billingContext, startBillingRunner, startPayoutRunner } from './modules/billing';
import { startPurgeRunner } from './modules/identity';
import { startTrackingRunner } from './modules/shipping';
import { mailContext, startMailJobsRunner } from './modules/mailbox';
import { startRollupRunner } from './modules/reports';

let config: AppConfig;
try {
  config = loadConfig();
  assertServerConfig(config);
} catch (err) {
  // One clear line, before anything is opened or migrated.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
const app = await buildApp({ config });
for (const warning of startupWarnings(config)) app.log.error(`!!! ${warning} !!!`);

// Renewals, late fees and reinstatement; safe in every process (jobs are claimed with SKIP LOCKED).
const stopBilling =
  config.billingIntervalSeconds > 0 ? startBillingRunner(billingContext(app), config.billingIntervalSeconds) : () => {};
// Expired sessions and one-time codes; also safe in every process (batches claimed with SKIP LOCKED).
const stopPurge = config.purge.intervalSeconds > 0 ? startPurgeRunner(app.db, app.log, config.purge) : () => {};
// Shipment tracking: the runner claims due shipments with SKIP LOCKED and queues one carrier-tracking job each.
const stopTracking =
  config.shipping.trackingIntervalSeconds > 0
    ? startTrackingRunner(
        {
          db: app.db,
          carriers: app.carriers,
          now: config.now,
          log: app.log,
          emails: app.emails,
          publicUrl: config.publicUrl,
          hub: app.notificationHub,
        },
        config.shipping.trackingIntervalSeconds,
      )
    : () => {};

// Storage fees, fee notices, trash emptying, mail usage invoices; each step is idempotent across processes.
const stopMailJobs =
  config.mailJobsIntervalSeconds > 0 ? startMailJobsRunner(mailContext(app), config.mailJobsIntervalSeconds) : () => {};

// Payouts of the period closed last; idempotent (one payout per sub-admin and period).
const stopPayouts =
  config.payoutJobsIntervalSeconds > 0
    ? startPayoutRunner(app.db, app.payments, config.payoutJobsIntervalSeconds, (err) =>
        app.log.error({ err }, 'payout job failed'),
      )
    : () => {};

// The Analytics & Reports rollup, refreshed when older than ROLLUP_REFRESH_MS; ticks with the billing cycle's interval.
const stopRollup =
  config.billingIntervalSeconds > 0
    ? startRollupRunner(app.db, config.now, config.billingIntervalSeconds, app.log)
    : () => {};

// Graceful shutdown: stop accepting, finish what is in flight, close pools, exit 0 within the drain time.
const drain = installDrain(app);
let closing = false;
async function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  stopBilling();
  stopPurge();
  stopTracking();
  stopMailJobs();
  stopPayouts();
  stopRollup();
  app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
  // A stuck close (a pool that never ends) must not keep the process alive forever.
  const timer = setTimeout(
    () => {
      app.log.error('shutdown timed out, exiting');
      process.exit(1);
    },
    config.shutdownDrainSeconds * 1000 + 2_000,
  );
  timer.unref();
  try {
    const drained = await drain(config.shutdownDrainSeconds * 1000);
    if (!drained) app.log.warn('drain time over: connections still open were closed');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

try {
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `Postwise is running at http://${shownHost}:${config.port}${config.apiDocs ? ' (API docs: /api/docs)' : ''}`,
  );
} catch (err) {
  app.log.error({ err }, 'failed to start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
