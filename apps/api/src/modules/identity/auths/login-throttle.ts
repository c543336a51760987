import type { AppConfig } from '../../../config';
import type { CounterStore } from '../../../lib/counter-store';
import { MESSAGES, tooMany } from '../../../lib/errors';

/** The longest a client is held off, however often it comes back for more. */
export const MAX_LOGIN_BLOCK_MS = 24 * 60 * 60_000;

type Scope = 'pair' | 'ip';

const keys = (scope: Scope, subject: string) => ({
  failures: `login-failures:${scope}:${subject}`,
  block: `login-block:${scope}:${subject}`,
  strikes: `login-strikes:${scope}:${subject}`,
});

/**
 * Sign-in throttling as OWASP's authentication cheat sheet advises: failures are counted per
 * (account, client IP) pair and per client IP, never per account alone, so nobody can lock an account
 * against its right password from another client. A pair or IP that reaches its limit is held off (429)
 * for the failure window; each further time within a day the hold doubles (exponential back-off, at most a
 * day). A successful sign-in clears its pair's count; the IP's count stays, so signing into one's own
 * account does not reset a guessing spree across others.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly limits: AppConfig['login'],
  ) {}

  private subjects(email: string, ip: string): [Scope, string, number][] {
    return [
      ['pair', `${email}|${ip}`, this.limits.maxFailuresPerAccountIp],
      ['ip', ip, this.limits.maxFailuresPerIp],
    ];
  }

  /** 429 while the pair or the IP is held off; checked before any password is verified. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const blocks = await Promise.all(this.subjects(email, ip).map(([s, id]) => this.counters.peek(keys(s, id).block)));
    const waitMs = Math.max(0, ...blocks.filter((b) => b.count > 0).map((b) => b.resetInMs));
    if (waitMs > 0) throw tooMany(MESSAGES.tooMany, waitMs / 1000);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const windowMs = this.limits.failureWindowMinutes * 60_000;
    await Promise.all(
      this.subjects(email, ip).map(async ([scope, id, max]) => {
        const k = keys(scope, id);
        const failures = await this.counters.hit(k.failures, windowMs);
        if (failures.count < max) return;
        const strikes = await this.counters.hit(k.strikes, MAX_LOGIN_BLOCK_MS);
        const blockMs = Math.min(windowMs * 2 ** (strikes.count - 1), MAX_LOGIN_BLOCK_MS);
        await this.counters.hit(k.block, blockMs);
        // After the hold the client gets a fresh count, and the next hold is twice as long.
        await this.counters.reset(k.failures);
      }),
    );
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    const k = keys('pair', `${email}|${ip}`);
    await Promise.all([this.counters.reset(k.failures), this.counters.reset(k.strikes)]);
  }
}
