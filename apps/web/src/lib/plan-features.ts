import { MAIL_RULES } from '@postwise/shared/mail-time-rules';
import { formatCents, type Plan } from '@postwise/shared/plans';

/** Spec 9: one mailbox plan covers mail for up to 2 names. */
export const NAMES_PER_PLAN = 2;

export interface PlanLine {
  key: string;
  text: string;
  /** A quieter second part, e.g. the price per scan. */
  detail?: string;
}

export interface PlanFeatures {
  /** What the plan gives: shown with a tick. */
  benefits: PlanLine[];
  /** What may be charged on top: shown apart, without a tick (a fee is not a benefit). */
  fees: PlanLine[];
}

// Shared's formatCents, as lib/format's money does: plan cards are on the prerendered public pages' first load,
// and pulling lib/format into it costs them a request over their budget (docs/benchmarks.md).
const cents = (value: number) => formatCents(value, { alwaysDecimals: true });

/**
 * What a plan card lists, derived from the plan itself (spec 3 fields, spec 9 fee text) so the tiers read
 * differently at a glance: the scans and what one costs, the stores and mailboxes a reseller plan allows, the
 * free storage and receiving, and the fees after them. A fee of zero is a benefit ("included"), not a fee.
 */
export function planFeatures(plan: Plan, opts: { showCounts?: boolean } = {}): PlanFeatures {
  const benefits: PlanLine[] = [];
  const fees: PlanLine[] = [];
  const { additionalFee: add, penaltyFee: penalty } = plan;
  const mailbox = plan.audience === 'customer';

  benefits.push({
    key: 'scans',
    text: `Starts with ${plan.scanCount} scans`,
    detail: plan.scanCount > 0 ? `${cents(Math.round(plan.price / plan.scanCount))} a scan` : undefined,
  });
  if (opts.showCounts && plan.numberOfStores != null) {
    benefits.push({
      key: 'stores',
      text: `${plan.numberOfStores} ${plan.numberOfStores === 1 ? 'store' : 'stores'}`,
    });
  }
  if (opts.showCounts && plan.numberOfMailboxes != null) {
    benefits.push({ key: 'mailboxes', text: `${plan.numberOfMailboxes.toLocaleString('en-US')} mailboxes` });
  }
  // What a mailbox holder gets at the counter; a reseller plan is about scans, stores and mailboxes.
  if (mailbox) {
    benefits.push({ key: 'names', text: `Mail for up to ${NAMES_PER_PLAN} names` });
    benefits.push(
      add.mailStorage > 0
        ? { key: 'mail-storage', text: `Mail stored free for ${MAIL_RULES.mailFreeStorageDays} days` }
        : { key: 'mail-storage', text: 'Mail stored free, no time limit' },
    );
    benefits.push(
      add.packageReceiving > 0
        ? {
            key: 'package-receiving',
            text: `${MAIL_RULES.freePackageReceiptsPerMonth} packages received free each month`,
          }
        : { key: 'package-receiving', text: 'Every package received free' },
    );
  }

  if (mailbox && add.packageReceiving > 0) {
    fees.push({
      key: 'package-receiving',
      text: `Package receiving ${cents(add.packageReceiving)}`,
      detail: `after ${MAIL_RULES.freePackageReceiptsPerMonth} a month`,
    });
  }
  if (mailbox && add.mailStorage > 0) {
    fees.push({
      key: 'mail-storage',
      text: `Mail storage ${cents(add.mailStorage)} a day`,
      detail: `after ${MAIL_RULES.mailFreeStorageDays} days`,
    });
  }
  if (mailbox) fees.push({ key: 'forwarding', text: 'Forwarding at standard carrier rates' });
  if (penalty.late > 0) {
    fees.push({ key: 'late', text: `Late fee ${cents(penalty.late)} per week unpaid` });
  }
  return { benefits, fees };
}
