import { Link } from 'react-router';
import { AlertTriangle, Clock, Copy, Inbox, MapPin, ScanLine } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { EMPTY_VALUE, shortDate } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { useMyMailbox, useMyPlan } from '../api/my-mailbox';

function Figure({
  icon: Icon,
  label,
  value,
  detail,
  to,
  tone,
}: {
  icon: typeof Inbox;
  label: string;
  value: string | number;
  detail?: string | undefined;
  to?: string;
  tone?: string;
}) {
  const body = (
    <span className="grid gap-0.5">
      <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </span>
      <span className={`text-xl font-bold tabular-nums ${tone ?? ''}`}>{value}</span>
      {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
    </span>
  );
  return to ? (
    <Link to={to} className="rounded-card p-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
      {body}
    </Link>
  ) : (
    <div className="p-2">{body}</div>
  );
}

/** Under the scans left: the plan's allowance for the period and the top-up scans counted in. */
function scanDetail(allowance: number | undefined, topup: number): string | undefined {
  const parts = [
    allowance !== undefined ? `of ${allowance} this period` : null,
    topup > 0 ? `incl. ${topup} top-up` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * The customer's address first: written the USPS way with a copy button, then scans left, plan and
 * renewal, new items and items about to incur fees.
 */
export function MailboxAddressCard() {
  const box = useMyMailbox(true);
  const plan = useMyPlan(true);
  if (box.isPending) return <Skeleton className="h-48" />;
  if (box.isError) {
    return (
      <Card>
        <CardContent className="flex items-start gap-3 text-sm">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{box.error.message}</span>
        </CardContent>
      </Card>
    );
  }
  const m = box.data;
  const copy = () =>
    navigator.clipboard.writeText(m.address.text).then(
      () => showSuccess('Address copied'),
      () => showError('Could not copy the address'),
    );
  const scans = m.scansRemaining + m.topupScans;
  return (
    <Card data-testid="mailbox-address-card">
      <CardContent className="grid gap-6 lg:grid-cols-[1.2fr_2fr] lg:items-center">
        <div className="grid gap-3">
          <h2 className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4" />
            Your mailbox address
          </h2>
          <address className="text-lg leading-snug font-semibold not-italic" data-testid="mailbox-address">
            {m.address.lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => void copy()} data-testid="copy-address">
              <Copy aria-hidden="true" />
              Copy address
            </Button>
            <span className="text-xs text-muted-foreground">Write it exactly so: {m.pmb}, never “PO Box”.</span>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure icon={Inbox} label="New items" value={m.newItems} to="/inbox?status=received" />
          <Figure
            icon={Clock}
            label="Fees start soon"
            value={m.itemsAboutToIncurFees}
            to="/inbox"
            tone={m.itemsAboutToIncurFees ? 'text-warning' : undefined}
          />
          <Figure
            icon={ScanLine}
            label="Scans left"
            value={scans}
            detail={scanDetail(plan.data?.plan?.scanCount, m.topupScans)}
            to="/inbox"
          />
          <div className="p-2">
            <span className="grid gap-0.5">
              <span className="text-xs text-muted-foreground">Plan</span>
              <span className="font-semibold">{plan.data?.plan?.name ?? EMPTY_VALUE}</span>
              <span className="text-xs text-muted-foreground">
                {plan.data?.currentPeriodEnd ? `Renews ${shortDate(plan.data.currentPeriodEnd)}` : ''}
              </span>
            </span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
