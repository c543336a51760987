import type { PlanValidity } from './constants';

/** Additional fees of a plan (spec 3), each in integer cents. */
export interface PlanAdditionalFee {
  packageReceiving: number;
  packageConsolidation: number;
  overWeight: number;
  mailStorage: number;
  packageStorage: number;
  palletReceiving: number;
  palletStorage: number;
}

/** Penalty fees of a plan (spec 3), each in integer cents. */
export interface PlanPenaltyFee {
  wrongAddress: number;
  late: number;
  reinstatement: number;
}

/** Who a plan is sold to: customers of the platform or a sub-admin, or sub-admins themselves. */
export type PlanAudience = 'customer' | 'sub_admin';

/**
 * A plan as the API answers it (spec 3). `price` is in integer cents of `currency`; validity `topup`
 * marks a scan package whose scans never expire. numberOfStores / numberOfMailboxes are shown only to
 * sub-admins.
 */
export interface Plan {
  id: string;
  name: string;
  description: string | null;
  price: number;
  currency: 'usd';
  validity: PlanValidity;
  audience: PlanAudience;
  isPopular: boolean;
  scanCount: number;
  numberOfStores: number | null;
  numberOfMailboxes: number | null;
  additionalFee: PlanAdditionalFee;
  penaltyFee: PlanPenaltyFee;
  /** The admin who sells this plan (super admin or a sub-admin). */
  ownerUserId: string;
}

/** Plan cards cycle red, blue, orange (spec 3). */
export const PLAN_CARD_COLORS = ['red', 'blue', 'orange'] as const;
export type PlanCardColor = (typeof PLAN_CARD_COLORS)[number];
export function planCardColor(index: number): PlanCardColor {
  return PLAN_CARD_COLORS[((index % 3) + 3) % 3]!;
}

/** Formats integer cents as US dollars, e.g. 1999 → "$19.99", 2000 → "$20". */
export function formatCents(cents: number, opts: { alwaysDecimals?: boolean } = {}): string {
  const dollars = cents / 100;
  const decimals = opts.alwaysDecimals || cents % 100 !== 0 ? 2 : 0;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

/**
 * Money in micro as the statement prints it: dollars with cents, and the sub-cent digits only when there are any
 * (a share of a cent carried to the next period); micro = 1/10,000 cent, so the printed terms add up to the payout exactly. A negative
 * amount reads "−$1.23"; nothing ever prints as "$-0.00".
 */
export function formatMicro(micro: number): string {
  if (micro === 0) return '$0.00';
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / 1_000_000);
  const rest = abs % 1_000_000; // in 1/1,000,000 of a dollar
  let fraction = String(rest).padStart(6, '0');
  fraction = fraction.slice(0, 2) + fraction.slice(2).replace(/0+$/, '');
  return `${micro < 0 ? '−' : ''}$${whole.toLocaleString('en-US')}.${fraction}`;
}
