import { Link } from 'react-router';
import { PENDING_INVOICE_QUERY } from '@postwise/shared/billing';
import { Card } from '../../../components/ui/card';
import { SkeletonList } from '../../../components/ui/skeleton';
import { money, shortDate } from '../../../lib/format';
import { useSuperAdminDashboard } from '../api/super-admin';
import { CardLink } from './card-link';

interface Figure {
  label: string;
  value: string;
  to: string;
  hint: string;
}

function FigureCard({ label, value, to, hint }: Figure) {
  return (
    <Card className="relative grid gap-1 p-5 transition-shadow focus-within:shadow-md hover:shadow-md">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">
        <CardLink to={to}>
          {value}
          <span className="sr-only">, {hint}</span>
        </CardLink>
      </p>
      <p className="text-xs text-muted-foreground" aria-hidden="true">
        {hint}
      </p>
    </Card>
  );
}

/** The super admin's "Activity at a glance": live figures, each linking to the list behind it. */
export function SuperAdminOverview() {
  const { data, isPending, isError } = useSuperAdminDashboard();
  if (isPending) {
    return (
      <SkeletonList
        count={4}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
        itemClassName="h-24"
        label="Loading live figures"
      />
    );
  }
  if (isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The live figures could not be loaded. Reload the page to try again.
      </p>
    );
  }
  const figures: Figure[] = [
    { label: 'MRR', value: money(data.mrrCents), to: '/analytics-reports', hint: 'Open Analytics & Reports' },
    {
      label: 'Active customers',
      value: data.activeCustomers.toLocaleString('en-US'),
      to: '/customers',
      hint: 'Open Customers',
    },
    {
      label: 'Pending applications',
      value: data.pendingApplications.toLocaleString('en-US'),
      to: '/mailbox-requests',
      hint: 'Open Mailbox Requests to review them',
    },
    {
      label: 'Past-due accounts',
      value: data.pastDueAccounts.toLocaleString('en-US'),
      to: `/invoices-billing?${PENDING_INVOICE_QUERY.key}=${PENDING_INVOICE_QUERY.value}`,
      hint: `${money(data.pastDueCents)} open — open Invoices & Billing`,
    },
  ];
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map((f) => (
          <li key={f.label} className="grid">
            <FigureCard {...f} />
          </li>
        ))}
      </ul>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="grid gap-3 p-5">
          <h3 className="text-base font-semibold">
            <Link to="/mailbox-requests" className="hover:underline">
              Open mail requests by age
            </Link>
          </h3>
          <table className="w-full text-sm">
            <caption className="sr-only">Open mail requests by age</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  Waiting
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Requests
                </th>
              </tr>
            </thead>
            <tbody>
              {data.openRequestsByAge.map((b) => (
                <tr key={b.bucket} className="border-t border-border">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {b.bucket}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">
                    <Link to="/mailbox-requests" className="text-primary hover:underline">
                      {b.count}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card className="grid content-start gap-3 p-5">
          <h3 className="text-base font-semibold">Recent audit events</h3>
          {data.recentAudit.length === 0 ? (
            <p className="text-sm text-muted-foreground">No audit events yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {data.recentAudit.map((e) => (
                <li key={e.id} className="flex flex-wrap justify-between gap-x-3 border-t border-border pt-2">
                  <span className="font-medium [overflow-wrap:anywhere]">{e.action}</span>
                  <span className="text-muted-foreground">
                    {e.actor ?? 'System'} · {shortDate(e.at)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
