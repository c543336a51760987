import fp from 'fastify-plugin';
import { pingDatabase } from '../db/client';

export type ReadinessCheck = () => Promise<void>;

export interface ReadinessResult {
  ready: boolean;
  checks: Record<string, 'ok' | 'failed'>;
}

/** The dependencies an instance needs to serve, each checked on every GET /api/ready. */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();

  constructor(
    private readonly onFailure: (name: string, err: unknown) => void,
    private readonly timeoutMs = 3000,
  ) {}

  /** Adds a dependency, e.g. the job queue: `app.readiness.add('queue', () => boss.checkHealth())`. */
  add(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** Every check at once, each given timeoutMs: a dependency that hangs is as unready as one that fails. */
  async run(): Promise<ReadinessResult> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${name} did not answer within ${this.timeoutMs} ms`)),
            this.timeoutMs,
          );
        });
        try {
          await Promise.race([check(), timeout]);
          return [name, 'ok'] as const;
        } catch (err) {
          this.onFailure(name, err);
          return [name, 'failed'] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    return { ready: entries.every(([, status]) => status === 'ok'), checks };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** `app.readiness` with the database, the file storage and the job queue; other dependencies add themselves. */
export const readinessPlugin = fp(
  async (app) => {
    const readiness = new Readiness((name, err) => app.log.error({ err, check: name }, 'readiness check failed'));
    readiness.add('database', () => pingDatabase(app.db));
    readiness.add('storage', () => app.storage.check());
    readiness.add('queue', () => app.jobs.check());
    app.decorate('readiness', readiness);
  },
  { name: 'readiness', dependencies: ['app-context'] },
);
