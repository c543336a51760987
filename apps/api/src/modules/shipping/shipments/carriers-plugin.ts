import fp from 'fastify-plugin';
import { CarrierRegistry } from './carrier-registry';

declare module 'fastify' {
  interface FastifyInstance {
    carriers: CarrierRegistry;
  }
}

/** The carrier adapters (sandbox, EasyPost), built from the carrier configuration with the app clock. */
export const carriersPlugin = fp(
  async (app) => {
    app.decorate(
      'carriers',
      new CarrierRegistry({
        now: app.config.now,
        credentialsKey: app.config.shipping.credentialsKey,
        easypostBaseUrl: app.config.shipping.easypostBaseUrl,
      }),
    );
  },
  { name: 'carriers', dependencies: ['app-context'] },
);
