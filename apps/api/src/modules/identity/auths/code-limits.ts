import type { CounterStore } from '../../../lib/counter-store';
import { tooMany } from '../../../lib/errors';

const WINDOW_MS = 15 * 60_000;

/**
 * Limits on e-mailed codes, per e-mail and per IP, shared by every API process (CounterStore).
 * Sending: a person rarely needs more than a few codes in a quarter of an hour; an IP may serve an office.
 * Verifying: each code already dies after five wrong tries; these stop cycling through fresh codes.
 */
export const CODE_LIMITS = {
  sendPerEmail: 5,
  sendPerIp: 30,
  verifyPerEmail: 20,
  verifyPerIp: 60,
  windowMs: WINDOW_MS,
} as const;

interface Limit {
  key: string;
  max: number;
}

/** Counts one use of every key; past any limit the call answers 429 with Retry-After. */
async function spend(counters: CounterStore, limits: Limit[]): Promise<void> {
  const states = await Promise.all(limits.map((l) => counters.hit(l.key, CODE_LIMITS.windowMs)));
  const over = states.filter((s, i) => s.count > (limits[i]?.max ?? Infinity));
  if (over.length > 0) throw tooMany(undefined, Math.max(...over.map((s) => s.resetInMs)) / 1000);
}

export function spendCodeSend(counters: CounterStore, email: string, ip: string): Promise<void> {
  return spend(counters, [
    { key: `otp-send:email:${email.toLowerCase()}`, max: CODE_LIMITS.sendPerEmail },
    { key: `otp-send:ip:${ip}`, max: CODE_LIMITS.sendPerIp },
  ]);
}

/** `subject` is the e-mail when the code is known, else the authTokenId (an unknown one is limited alike). */
export function spendCodeVerify(counters: CounterStore, subject: string, ip: string): Promise<void> {
  return spend(counters, [
    { key: `otp-verify:subject:${subject.toLowerCase()}`, max: CODE_LIMITS.verifyPerEmail },
    { key: `otp-verify:ip:${ip}`, max: CODE_LIMITS.verifyPerIp },
  ]);
}

/** Tries on an authTokenId that names no code (the forgot flow's stand-in for an unknown e-mail). */
export async function spendUnknownCodeTry(counters: CounterStore, authTokenId: string): Promise<number> {
  const state = await counters.hit(`otp-unknown:${authTokenId}`, CODE_LIMITS.windowMs);
  return state.count;
}
