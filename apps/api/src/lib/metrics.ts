import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The API's Prometheus metrics (prom-client), one registry per app: the request histogram the app records, the
 * Node.js process metrics, and counters other parts of the product increment (`app.metrics.charges.inc(...)`).
 */
export interface AppMetrics {
  registry: Registry;
  /** Every answered request by method, route pattern (not the raw URL) and status. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Card charges attempted, by outcome: succeeded, failed. */
  charges: Counter<'outcome'>;
  /** E-mails handed to the mail server, by template (e.g. otp, receipt). */
  emailsSent: Counter<'template'>;
  /** E-mails the mail server refused or never took, by template. */
  emailsFailed: Counter<'template'>;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    charges: new Counter({
      name: 'postwise_charges_total',
      help: 'Card charges attempted, by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    emailsSent: new Counter({
      name: 'postwise_emails_sent_total',
      help: 'E-mails accepted by the mail server, by template',
      labelNames: ['template'],
      registers: [registry],
    }),
    emailsFailed: new Counter({
      name: 'postwise_emails_failed_total',
      help: 'E-mails the mail server refused or never accepted, by template',
      labelNames: ['template'],
      registers: [registry],
    }),
  };
}
