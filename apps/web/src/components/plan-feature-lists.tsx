import { Check, Mailbox, ReceiptText, Store } from 'lucide-react';
import type { Plan } from '@postwise/shared/plans';
import { planFeatures, type PlanLine } from '../lib/plan-features';
import { cn } from '../lib/utils';

const BENEFIT_ICON: Record<string, typeof Check> = { stores: Store, mailboxes: Mailbox };

function Line({ line, className }: { line: PlanLine; className?: string }) {
  return (
    <span className={className}>
      {line.text}
      {line.detail ? <span className="text-muted-foreground"> · {line.detail}</span> : null}
    </span>
  );
}

/**
 * A plan card's two lists: "What you get" with green ticks, then "Fees" in a quiet list of their own, so a
 * late fee never reads like a benefit.
 */
export function PlanFeatureLists({
  plan,
  showCounts = false,
  headingId,
  className,
}: {
  plan: Plan;
  showCounts?: boolean;
  /** Prefix for the two list headings' ids (unique per card). */
  headingId: string;
  className?: string;
}) {
  const { benefits, fees } = planFeatures(plan, { showCounts });
  // The scans set the tiers apart: they lead, larger, with what one scan costs.
  const scans = benefits.find((line) => line.key === 'scans');
  const rest = benefits.filter((line) => line.key !== 'scans');
  return (
    <div className={cn('grid gap-4', className)}>
      {scans ? (
        <p className="grid rounded-lg bg-muted px-3 py-2" data-testid="plan-scans">
          <span className="text-base font-bold text-navy-950">{scans.text}</span>
          {scans.detail ? <span className="text-xs text-muted-foreground">{scans.detail}</span> : null}
        </p>
      ) : null}
      <div className="grid gap-2">
        <p id={`${headingId}-get`} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          What you get
        </p>
        <ul aria-labelledby={`${headingId}-get`} className="grid gap-2 text-sm" data-testid="plan-benefits">
          {rest.map((line) => {
            const Icon = BENEFIT_ICON[line.key] ?? Check;
            return (
              <li key={line.key} className="flex gap-2" data-testid={`plan-${line.key}`}>
                <Icon
                  aria-hidden="true"
                  className={cn('mt-0.5 size-4 shrink-0', Icon === Check ? 'text-green' : 'text-primary')}
                />
                <Line line={line} />
              </li>
            );
          })}
        </ul>
      </div>
      {fees.length > 0 ? (
        <div className="grid gap-2 border-t border-dashed pt-3">
          <p
            id={`${headingId}-fees`}
            className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            <ReceiptText aria-hidden="true" className="size-3.5" />
            Fees
          </p>
          <ul
            aria-labelledby={`${headingId}-fees`}
            className="grid list-none gap-1.5 text-xs leading-snug text-muted-foreground"
            data-testid="plan-fees"
          >
            {fees.map((line) => (
              <li key={line.key}>
                <Line line={line} className="text-foreground/80" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
