import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { mailboxesUsage, storesUsage, usePlanUsage } from '../lib/plan-usage';

/** "2 of 3 stores · 12 of 400 mailboxes" for a sub-admin (their plan's numberOfStores and numberOfMailboxes). */
export function PlanUsageLine() {
  const usage = usePlanUsage();
  if (!usage.data) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="plan-usage">
      {usage.data.planName ? `${usage.data.planName}: ` : ''}
      {storesUsage(usage.data)} · {mailboxesUsage(usage.data)}
    </p>
  );
}

/** The server's plan-limit refusal, with the way to a larger plan. */
export function PlanLimitAlert({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-card border border-warning/30 bg-warning-soft p-4 text-sm text-warning sm:flex-row sm:items-center sm:justify-between"
    >
      <span className="flex items-start gap-2">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {message}
      </span>
      <Link to="/buy-subscription" className="shrink-0 font-semibold text-primary underline-offset-4 hover:underline">
        Upgrade plan
      </Link>
    </div>
  );
}
