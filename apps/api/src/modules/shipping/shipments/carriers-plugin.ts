import fp from 'fastify-plugin';
import { providerRecordStore } from '../../billing';
import { CarrierRegistry } from './carrier-registry';
import { labelPurpose } from './purchase-shipment';

declare module 'fastify' {
  interface FastifyInstance {
    carriers: CarrierRegistry;
  }
}

/** The carrier adapters (sandbox, EasyPost), built from the carrier configuration with the app clock. */
export const carriersPlugin = fp(
  async (app) => {
    const carriers = new CarrierRegistry({
      now: app.config.now,
      credentialsKey: app.config.shipping.credentialsKey,
      easypostBaseUrl: app.config.shipping.easypostBaseUrl,
      // The sandbox carrier records what it sold outside the app's transactions, as a carrier would.
      store: providerRecordStore(app.db),
    });
    app.decorate('carriers', carriers);
    // Label sales are one of the ledger's purposes: recovery finishes or voids them through the same registry.
    app.purposes.register(labelPurpose(carriers, app.storage));
  },
  { name: 'carriers', dependencies: ['app-context', 'payments'] },
);
