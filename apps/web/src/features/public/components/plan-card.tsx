import { Link } from 'react-router';
import { Check, Sparkles } from 'lucide-react';
import { formatCents, planCardColor, type Plan, type PlanCardColor } from '@postwise/shared/plans';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { planFeatures } from '../../../lib/plan-features';

/** The card colours of spec 3 (red, blue, orange), each dark enough for white text (WCAG AA). */
const COLOR_CLASSES: Record<PlanCardColor, { band: string; text: string; ring: string }> = {
  red: { band: 'bg-[#b91c1c]', text: 'text-[#b91c1c]', ring: 'ring-[#b91c1c]' },
  blue: { band: 'bg-[#1d4ed8]', text: 'text-[#1d4ed8]', ring: 'ring-[#1d4ed8]' },
  orange: { band: 'bg-orange', text: 'text-orange', ring: 'ring-orange' },
};

/** What every mailbox plan has; the lines that depend on the plan come from its own data (planFeatures). */
const ADDRESS = 'Los Angeles street address with your own PMB';
const SERVICES = 'Envelope scan on arrival; forwarding, pickup, shredding and junk filtering';

export interface PlanCardProps {
  plan: Plan;
  index: number;
  /** What the same plan would cost paid monthly for a year, to show the annual saving. */
  yearlyAtMonthlyPrice?: number;
}

/** A mailbox plan (spec 2.9): 'Starts with N scans', price per month or year, popular marked. */
export function PlanCard({ plan, index, yearlyAtMonthlyPrice }: PlanCardProps) {
  const color = COLOR_CLASSES[planCardColor(index)];
  const per = plan.validity === 'year' ? 'year' : 'month';
  const saving = yearlyAtMonthlyPrice ? yearlyAtMonthlyPrice - plan.price : 0;
  const headingId = `plan-${plan.id}`;
  const { benefits } = planFeatures(plan);
  const scans = benefits.find((b) => b.key === 'scans');
  const included = [ADDRESS, ...benefits.filter((b) => b.key !== 'scans').map((b) => b.text), SERVICES];

  return (
    <article
      aria-labelledby={headingId}
      data-testid="plan-card"
      data-color={planCardColor(index)}
      className={cn(
        'flex flex-col overflow-hidden rounded-card border bg-background shadow-sm',
        plan.isPopular && cn('ring-2 lg:-my-3', color.ring),
      )}
    >
      <div className={cn('flex items-center justify-between gap-2 px-6 py-4 text-white', color.band)}>
        <h3 id={headingId} className="text-lg font-bold">
          {plan.name}
        </h3>
        {plan.isPopular ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-0.5 text-xs font-bold text-navy-950">
            <Sparkles aria-hidden="true" className="size-3.5" />
            Most popular
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-5 p-6">
        {plan.description ? <p className="text-sm text-muted-foreground">{plan.description}</p> : null}
        <p className="flex items-baseline gap-1">
          <span className={cn('text-4xl font-extrabold tracking-tight', color.text)}>{formatCents(plan.price)}</span>
          <span className="text-sm text-muted-foreground">/ {per}</span>
        </p>
        {saving > 0 ? (
          <p className="-mt-3 text-sm font-semibold text-green">Save {formatCents(saving)} a year</p>
        ) : null}
        <p className="rounded-lg bg-muted px-3 py-2 text-sm font-semibold text-navy-950">
          Starts with {plan.scanCount} scans
          {scans?.detail ? <span className="font-normal text-muted-foreground"> · {scans.detail}</span> : null}
        </p>
        <ul className="grid gap-2 text-sm">
          {included.map((item) => (
            <li key={item} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green" />
              {item}
            </li>
          ))}
        </ul>
        <Button asChild variant={plan.isPopular ? 'orange' : 'outline'} size="lg" className="mt-auto w-full">
          <Link to="/register">
            Choose plan<span className="sr-only">: {plan.name}</span>
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** A scan package (validity topup): scans that never expire. */
export function ScanPackageCard({ plan }: { plan: Plan }) {
  return (
    <article
      aria-label={plan.name}
      data-testid="scan-package"
      className={cn(
        'flex flex-col gap-3 rounded-card border bg-background p-6 shadow-xs',
        plan.isPopular && 'border-green ring-1 ring-green',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-navy-950">{plan.scanCount} scans</h3>
        {plan.isPopular ? (
          <span className="rounded-full bg-green-soft px-2.5 py-0.5 text-xs font-bold text-green-hover">
            Best value
          </span>
        ) : null}
      </div>
      <p className="text-3xl font-extrabold tracking-tight text-green">{formatCents(plan.price)}</p>
      <p className="text-sm text-muted-foreground">
        {formatCents(Math.round(plan.price / Math.max(1, plan.scanCount)), { alwaysDecimals: true })} per scan · never
        expire
      </p>
    </article>
  );
}
