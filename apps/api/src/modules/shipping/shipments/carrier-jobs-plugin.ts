import fp from 'fastify-plugin';
import { carrierPickupCancelJob, carrierVoidJob } from './carrier-jobs';
import { carrierTrackingJob } from './tracking-job';

/**
 * What talks to a carrier after a sale runs as jobs on the app's durable queue: each shipment's tracking refresh,
 * and a void's refund request or a pickup's cancellation the carrier could not take at the time.
 */
export const carrierJobsPlugin = fp(
  async (app) => {
    app.jobs.define(
      carrierTrackingJob({
        db: app.db,
        carriers: app.carriers,
        now: app.config.now,
        log: app.log,
        emails: app.emails,
        publicUrl: app.config.publicUrl,
        hub: app.notificationHub,
      }),
    );
    app.jobs.define(carrierVoidJob({ db: app.db, carriers: app.carriers, log: app.log }));
    app.jobs.define(carrierPickupCancelJob({ db: app.db, carriers: app.carriers, log: app.log }));
  },
  { name: 'carrier-jobs', dependencies: ['app-context', 'carriers', 'notification-hub'] },
);
