import type { CounterStore } from '../../../lib/counter-store';
import { tooMany } from '../../../lib/errors';

const WINDOW_MS = 15 * 60_000;

/**
 * Limits on e-mailed codes, shared by every API process (CounterStore).
 *
 * Per client IP, a request for a code and a try of one answer 429 past the limit: that stops the client doing it,
 * never the account's owner elsewhere. Per e-mail address nothing answers 429: an address receives at most
 * `emailsPerAddress` code e-mails in the window, and a request past that is answered as usual without a new
 * e-mail. So a stranger can neither flood an inbox nor keep its owner from recovering: every e-mail the cap
 * counted went to the owner, and the newest one's link (LINK_TTL_MINUTES, longer than the window) still works.
 * Guessing codes is bounded per account by the guess guard (one-time-codes.ts), not by a per-e-mail 429.
 */
export const CODE_LIMITS = {
  emailsPerAddress: 5,
  sendPerIp: 30,
  verifyPerIp: 60,
  windowMs: WINDOW_MS,
} as const;

async function spendIp(counters: CounterStore, key: string, max: number): Promise<void> {
  const state = await counters.hit(key, CODE_LIMITS.windowMs);
  if (state.count > max) throw tooMany(undefined, state.resetInMs / 1000);
}

/** One request for a code (register, forgot, resend, an unverified sign-in) from this client. */
export function spendCodeRequest(counters: CounterStore, ip: string): Promise<void> {
  return spendIp(counters, `otp-send:ip:${ip}`, CODE_LIMITS.sendPerIp);
}

/**
 * Whether one more e-mail may go to this address now (counts it when it may). False past the cap: the caller
 * answers as usual and sends nothing.
 */
export async function mayEmailAddress(counters: CounterStore, email: string): Promise<boolean> {
  const state = await counters.hit(`otp-send:email:${email.toLowerCase()}`, CODE_LIMITS.windowMs);
  return state.count <= CODE_LIMITS.emailsPerAddress;
}

/** One try of a code or a link from this client. */
export function spendCodeVerify(counters: CounterStore, ip: string): Promise<void> {
  return spendIp(counters, `otp-verify:ip:${ip}`, CODE_LIMITS.verifyPerIp);
}

/** Tries on an authTokenId that names no code (the forgot flow's stand-in for an unknown e-mail). */
export async function spendUnknownCodeTry(counters: CounterStore, authTokenId: string): Promise<number> {
  const state = await counters.hit(`otp-unknown:${authTokenId}`, CODE_LIMITS.windowMs);
  return state.count;
}
