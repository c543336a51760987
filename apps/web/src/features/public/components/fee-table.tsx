import { type Plan, type PlanAdditionalFee, type PlanPenaltyFee, formatCents } from '@postwise/shared/plans';
import { cn } from '../../../lib/utils';

type FeeKey =
  { group: 'additionalFee'; key: keyof PlanAdditionalFee } | { group: 'penaltyFee'; key: keyof PlanPenaltyFee };

/** Every fee of spec 3 with what it is charged for, in the words of spec 9's fee text. */
export const FEE_ROWS: (FeeKey & { label: string; when: string })[] = [
  {
    group: 'additionalFee',
    key: 'packageReceiving',
    label: 'Package receiving',
    when: 'Per package, after 5 free packages each month',
  },
  {
    group: 'additionalFee',
    key: 'packageConsolidation',
    label: 'Package consolidation',
    when: 'Per consolidation of several packages into one',
  },
  {
    group: 'additionalFee',
    key: 'overWeight',
    label: 'Overweight package',
    when: 'Per package of 50 lb or more, or whose length + width + height is 50 in or more',
  },
  { group: 'additionalFee', key: 'mailStorage', label: 'Mail storage', when: 'Per item and day, after 30 free days' },
  {
    group: 'additionalFee',
    key: 'packageStorage',
    label: 'Package storage',
    when: 'Per package and day, after 3 free days',
  },
  { group: 'additionalFee', key: 'palletReceiving', label: 'Pallet receiving', when: 'Per pallet received' },
  {
    group: 'additionalFee',
    key: 'palletStorage',
    label: 'Pallet storage',
    when: 'Per pallet and day, after 3 free days',
  },
  {
    group: 'penaltyFee',
    key: 'wrongAddress',
    label: 'Wrong address',
    when: 'Per item that arrives without your name or mailbox number',
  },
  { group: 'penaltyFee', key: 'late', label: 'Late payment', when: 'Per week an invoice stays unpaid after 14 days' },
  {
    group: 'penaltyFee',
    key: 'reinstatement',
    label: 'Reinstatement',
    when: 'Once, to reopen a mailbox after 15 days of non-payment',
  },
];

function feeOf(plan: Plan, row: FeeKey): number {
  return row.group === 'additionalFee' ? plan.additionalFee[row.key] : plan.penaltyFee[row.key];
}

function sameFees(a: Plan, b: Plan): boolean {
  return FEE_ROWS.every((row) => feeOf(a, row) === feeOf(b, row));
}

/** A fee the plan does not charge reads "Included" (formatCents, not lib/format: see lib/plan-features.ts). */
function feeText(cents: number): string {
  return cents === 0 ? 'Included' : formatCents(cents, { alwaysDecimals: true });
}

/**
 * The fees of the shown plans side by side, so nobody is surprised by a fee later. When every plan
 * charges the same, one column says so.
 */
export function FeeTable({ plans }: { plans: Plan[] }) {
  if (plans.length === 0) return null;
  const columns = plans.every((p) => sameFees(p, plans[0]!))
    ? [{ id: 'all', title: 'All plans', plan: plans[0]! }]
    : plans.map((p) => ({ id: p.id, title: p.name, plan: p }));

  return (
    <div
      className="overflow-x-auto rounded-card border bg-background shadow-xs"
      tabIndex={0}
      role="region"
      aria-label="Fees by plan"
    >
      <table className={cn('w-full border-collapse text-left text-sm', columns.length > 1 && 'min-w-[36rem]')}>
        <caption className="sr-only">Additional and penalty fees of each mailbox plan</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Fee
            </th>
            {columns.map((c) => (
              <th key={c.id} scope="col" className="px-4 py-3 text-right font-semibold whitespace-nowrap">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FEE_ROWS.map((row) => (
            <tr key={row.key} className="border-t align-top">
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="block font-semibold text-navy-950">{row.label}</span>
                <span className="block text-muted-foreground">{row.when}</span>
              </th>
              {columns.map((c) => (
                <td key={c.id} className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums">
                  {feeText(feeOf(c.plan, row))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
