import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not hold up or change an answer (e-mails whose sending time or failure would reveal whether
 * an account exists). A failure is logged, never thrown. `idle()` waits for what is running: the dev outbox
 * and tests read mail only after it, and shutdown lets it finish.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<unknown>): void {
    const done = (async () => {
      try {
        await task();
      } catch (err) {
        this.log.error({ err, task: name }, 'background task failed');
      }
    })();
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
