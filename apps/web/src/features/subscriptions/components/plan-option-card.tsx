import { Check, Mailbox, Sparkles, Store } from 'lucide-react';
import { formatCents, planCardColor, type Plan, type PlanCardColor } from '@postwise/shared/plans';
import { cn } from '../../../lib/utils';

/** The card colours of spec 3 (red, blue, orange), dark enough for white text. */
const COLORS: Record<PlanCardColor, { band: string; text: string; ring: string }> = {
  red: { band: 'bg-[#b91c1c]', text: 'text-[#b91c1c]', ring: 'ring-[#b91c1c]' },
  blue: { band: 'bg-[#1d4ed8]', text: 'text-[#1d4ed8]', ring: 'ring-[#1d4ed8]' },
  orange: { band: 'bg-orange', text: 'text-orange', ring: 'ring-orange' },
};

export interface PlanOptionCardProps {
  plan: Plan;
  index: number;
  selected: boolean;
  /** Sub-admins see how many stores and mailboxes a plan allows (spec 3, 6). */
  showCounts: boolean;
  onSelect: () => void;
}

/** One plan to choose on Buy Subscription: a radio in a card, price per month or year, scans and key fees. */
export function PlanOptionCard({ plan, index, selected, showCounts, onSelect }: PlanOptionCardProps) {
  const color = COLORS[planCardColor(index)];
  const per = plan.validity === 'year' ? 'year' : 'month';
  const id = `plan-option-${plan.id}`;
  return (
    <label
      htmlFor={id}
      data-testid="plan-option"
      data-selected={selected || undefined}
      className={cn(
        'flex cursor-pointer flex-col overflow-hidden rounded-card border bg-background shadow-xs transition-shadow hover:shadow-md',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
        selected && cn('ring-3', color.ring),
      )}
    >
      <div className={cn('flex items-center gap-2 px-5 py-3 text-white', color.band)}>
        <input
          id={id}
          type="radio"
          name="plan"
          value={plan.id}
          checked={selected}
          onChange={onSelect}
          className="size-4 shrink-0 accent-white"
        />
        <span className="truncate text-base font-bold">{plan.name}</span>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="flex items-baseline gap-1">
            <span className={cn('text-3xl font-extrabold tracking-tight', color.text)}>{formatCents(plan.price)}</span>
            <span className="text-sm text-muted-foreground">/ {per}</span>
          </p>
          {plan.isPopular ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-orange-soft px-2 py-0.5 text-xs font-bold text-orange-hover">
              <Sparkles aria-hidden="true" className="size-3.5" />
              Popular
            </span>
          ) : null}
        </div>
        {plan.description ? <p className="text-sm text-muted-foreground">{plan.description}</p> : null}
        <ul className="grid gap-2 text-sm">
          <li className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green" />
            Starts with {plan.scanCount} scans
          </li>
          {showCounts && plan.numberOfStores != null ? (
            <li className="flex gap-2" data-testid="plan-stores">
              <Store aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {plan.numberOfStores} {plan.numberOfStores === 1 ? 'store' : 'stores'}
            </li>
          ) : null}
          {showCounts && plan.numberOfMailboxes != null ? (
            <li className="flex gap-2" data-testid="plan-mailboxes">
              <Mailbox aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {plan.numberOfMailboxes} mailboxes
            </li>
          ) : null}
          <li className="flex gap-2 text-xs text-muted-foreground">
            <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            Package receiving {formatCents(plan.additionalFee.packageReceiving, { alwaysDecimals: true })} after 5 free
            a month
          </li>
          <li className="flex gap-2 text-xs text-muted-foreground">
            <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            Late fee {formatCents(plan.penaltyFee.late, { alwaysDecimals: true })} per week unpaid
          </li>
        </ul>
      </div>
    </label>
  );
}
