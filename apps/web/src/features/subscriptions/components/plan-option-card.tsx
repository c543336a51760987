import { Sparkles } from 'lucide-react';
import { formatCents, planCardColor, type Plan, type PlanCardColor } from '@postwise/shared/plans';
import { cn } from '../../../lib/utils';
import { PlanFeatureLists } from '../../../components/plan-feature-lists';

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

/**
 * One plan to choose on Buy Subscription: a radio in a card, the price per month or year, what the plan gives
 * (ticked) and, apart from it, the fees that may come on top.
 */
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
        'relative flex cursor-pointer flex-col rounded-card border bg-background shadow-xs transition-shadow hover:shadow-md',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
        selected && cn('ring-3', color.ring),
      )}
    >
      {plan.isPopular ? (
        // On the card's top edge, so every card's lines start at the same height.
        <span className="absolute -top-3 right-4 z-10 inline-flex items-center gap-1 rounded-full bg-background px-2.5 py-0.5 text-xs font-bold text-orange-hover shadow-sm ring-1 ring-border">
          <Sparkles aria-hidden="true" className="size-3.5" />
          Popular
        </span>
      ) : null}
      <div
        className={cn(
          'flex items-center gap-2 rounded-t-[calc(var(--radius-card)-1px)] px-5 py-3 text-white',
          color.band,
        )}
      >
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
        <p className="flex items-baseline gap-1">
          <span className={cn('text-3xl font-extrabold tracking-tight', color.text)}>{formatCents(plan.price)}</span>
          <span className="text-sm text-muted-foreground">/ {per}</span>
        </p>
        {plan.description ? <p className="text-sm text-muted-foreground">{plan.description}</p> : null}
        <PlanFeatureLists plan={plan} showCounts={showCounts} headingId={`${id}-included`} />
      </div>
    </label>
  );
}
