import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The API's Prometheus metrics (prom-client), one registry per app: the request histogram the app records, the
 * Node.js process metrics, and the product's counters: charges (counted at the payment provider) and e-mails
 * (counted at the mailer), each where every call passes whichever use case makes it.
 */
export interface AppMetrics {
  registry: Registry;
  /** Every answered request by method, route pattern (not the raw URL) and status. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Card charges attempted, by outcome: succeeded, failed. */
  charges: Counter<'outcome'>;
  /** E-mails the mailer accepted, by mailer (smtp, outbox). */
  emailsSent: Counter<'mailer'>;
  /** Send attempts the mailer refused or never answered, by mailer: a retried e-mail counts each failed try. */
  emailsFailed: Counter<'mailer'>;
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
      help: 'E-mails the mailer accepted, by mailer',
      labelNames: ['mailer'],
      registers: [registry],
    }),
    emailsFailed: new Counter({
      name: 'postwise_emails_failed_total',
      help: 'E-mail send attempts that failed, by mailer',
      labelNames: ['mailer'],
      registers: [registry],
    }),
  };
}
