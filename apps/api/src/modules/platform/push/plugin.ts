import fp from 'fastify-plugin';
import { pushJob } from './push-job';
import { resolveVapidKeys } from './vapid-keys';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push: the VAPID public key browsers subscribe with; undefined when push is off. */
    push: { publicKey: string | undefined };
  }
}

/** Web Push: the VAPID keys and the `push` job on the app's job queue (pushes are queued by notify()). */
export const pushPlugin = fp(
  async (app) => {
    const vapid = await resolveVapidKeys(app.config);
    if (!vapid) app.log.warn('Push notifications are off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT');
    app.decorate('push', { publicKey: vapid?.publicKey });
    app.jobs.define(
      pushJob({
        db: app.db,
        log: app.log,
        vapid,
        subject: app.config.push.subject,
        guardTargets: app.config.push.guardTargets,
        now: app.config.now,
      }),
    );
  },
  { name: 'push', dependencies: ['app-context'] },
);
