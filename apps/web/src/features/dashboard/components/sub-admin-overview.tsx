import { AlertTriangle } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { money, monthYear } from '../../../lib/format';
import { errorText } from '../../../lib/toast';
import { mailboxesUsage, storesUsage } from '../../../lib/plan-usage';
import { useSubAdminDashboard } from '../api/sub-admin-dashboard';
import { CardLink } from './card-link';

function Figure({ label, value, detail, to }: { label: string; value: string; detail?: string; to: string }) {
  return (
    <Card className="relative grid gap-1 p-5 transition-shadow focus-within:shadow-md hover:shadow-md">
      <h3 className="text-sm font-medium text-muted-foreground">
        <CardLink to={to}>{label}</CardLink>
      </h3>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

/** The sub-admin's live figures: each links to the list behind it. */
export function SubAdminOverview() {
  const figures = useSubAdminDashboard();
  if (figures.isPending) {
    return (
      <SkeletonList count={5} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" itemClassName="h-28 rounded-card" />
    );
  }
  if (figures.isError) {
    return (
      <Card>
        <EmptyState icon={AlertTriangle} title="Could not load your figures" description={errorText(figures.error)} />
      </Card>
    );
  }
  const f = figures.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="sub-admin-overview">
      <Figure label="Customers" value={String(f.customers)} to="/customers" />
      <Figure label="Pending applications" value={String(f.pendingApplications)} to="/mailbox-requests" />
      <Figure label="Open mail requests" value={String(f.openMailRequests)} to="/mailbox-requests" />
      <Figure
        label="Payout so far"
        value={money(f.payoutSoFar.payoutCents)}
        detail={`${monthYear(f.payoutSoFar.periodStart)}, before the month closes`}
        to="/payouts"
      />
      <Figure
        label="Plan usage"
        value={storesUsage(f.planUsage)}
        detail={`${mailboxesUsage(f.planUsage)}${f.planUsage.planName ? ` · ${f.planUsage.planName}` : ''}`}
        to="/configuration/store"
      />
    </div>
  );
}
