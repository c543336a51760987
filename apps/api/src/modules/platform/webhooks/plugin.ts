import fp from 'fastify-plugin';
import { webhookDeliveryJob } from './delivery';

/** Signed webhooks: the delivery job on the app's job queue (events are emitted with emitWebhookEvent). */
export const webhooksPlugin = fp(
  async (app) => {
    app.jobs.define(
      webhookDeliveryJob({
        db: app.db,
        emails: app.emails,
        log: app.log,
        publicUrl: app.config.publicUrl,
        guardTargets: app.config.webhooks.guardTargets,
        retryWindowSeconds: app.config.webhooks.retryWindowSeconds,
      }),
    );
  },
  { name: 'webhooks', dependencies: ['app-context'] },
);
