import fp from 'fastify-plugin';
import { purchaseContext, quoteContext } from '../shipments/shipping-context';
import { batchPurchaseJob } from './purchase-batch';
import { batchRateJob } from './rate-batch';

/** A batch's rows are rated and bought by jobs on the durable queue: the upload and the purchase answer at once. */
export const batchJobsPlugin = fp(
  async (app) => {
    app.jobs.define(batchRateJob(quoteContext(app)));
    app.jobs.define(batchPurchaseJob(purchaseContext(app)));
  },
  { name: 'shipment-batch-jobs', dependencies: ['app-context', 'carriers', 'payments'] },
);
