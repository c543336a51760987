import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Download, FileSpreadsheet } from 'lucide-react';
import { formatMicro } from '@postwise/shared/plans';
import type { PayoutLine, PayoutLineCategory } from '@postwise/shared/billing';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { showError } from '../../../lib/toast';
import { useUserStore } from '../../../stores/user-store';
import { downloadPayout, usePayout, usePayoutLines } from '../api/payouts-api';
import { ApproveButton, MarkPaidButton } from '../components/payout-actions';
import { CATEGORY_LABELS, deduction, PayoutStatusBadge } from '../components/payout-format';
import { money, monthYear } from '../../../lib/format';
import { DetailState } from '../../../components/ui/detail-state';
import { BackLink } from '../../../components/ui/back-link';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function LineGroup({ category, lines }: { category: PayoutLineCategory; lines: PayoutLine[] }) {
  const total = lines.reduce((sum, l) => sum + l.amountMicro, 0);
  return (
    <section aria-labelledby={`payout-${category}`} className="grid gap-2">
      <h3 id={`payout-${category}`} className="flex items-baseline justify-between gap-4 text-sm font-semibold">
        <span>{CATEGORY_LABELS[category]}</span>
        <span>{formatMicro(total)}</span>
      </h3>
      <ul className="grid divide-y divide-border rounded-md border border-border">
        {lines.map((l) => (
          <li
            key={l.id}
            className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="min-w-0 break-words">
              <span className="text-muted-foreground">{day(l.occurredAt)} · </span>
              {l.invoiceId ? (
                <Link
                  to={`/invoices-billing/${l.invoiceId}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {l.description}
                </Link>
              ) : (
                l.description
              )}
            </span>
            <span className="shrink-0 font-medium tabular-nums">{formatMicro(l.amountMicro)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A payout statement (/payouts/:id): lines by category, each linked to its invoice; CSV and PDF. */
export function PayoutPage() {
  const { id = '' } = useParams();
  const isSuperAdmin = useUserStore((s) => s.user?.role.code === 'SUPER_ADMIN');
  const payout = usePayout(id);
  const lines = usePayoutLines(id);
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const backTo = isSuperAdmin ? '/sub-admins/payouts' : '/payouts';
  const back = <BackLink to={backTo}>Back to payouts</BackLink>;
  if (!payout.data) return <DetailState query={payout} noun="payout" back={{ to: backTo, label: 'Back to payouts' }} />;
  const p = payout.data;
  const download = async (kind: 'csv' | 'pdf') => {
    setDownloading(kind);
    try {
      await downloadPayout(p, kind);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(null);
    }
  };
  const groups = (Object.keys(CATEGORY_LABELS) as PayoutLineCategory[])
    .map((category) => ({ category, lines: (lines.data ?? []).filter((l) => l.category === category) }))
    .filter((g) => g.lines.length > 0);

  return (
    <div className="grid gap-6">
      {back}
      <PageHeader
        title={`Payout · ${monthYear(p.periodStart)}`}
        description={`${p.subAdmin.fullName || p.subAdmin.email} · ${day(p.periodStart)} – ${day(p.periodEnd)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {isSuperAdmin && p.status === 'pending' ? <ApproveButton payout={p} /> : null}
            {isSuperAdmin && p.status === 'approved' ? <MarkPaidButton payout={p} /> : null}
            <Button variant="outline" loading={downloading === 'csv'} onClick={() => void download('csv')}>
              <FileSpreadsheet aria-hidden="true" />
              Export CSV
            </Button>
            <Button variant="outline" loading={downloading === 'pdf'} onClick={() => void download('pdf')}>
              <Download aria-hidden="true" />
              Export PDF
            </Button>
          </div>
        }
      />
      <Card>
        <CardContent className="pt-6">
          {/* Every term of the statement, so it reconciles on its face: gross − refunds − fees − share ± carried. */}
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-8">
            <Fact label="Status">
              <PayoutStatusBadge status={p.status} />
            </Fact>
            <Fact label="Gross">{money(p.grossCents)}</Fact>
            <Fact label="Refunds">{deduction(p.refundCents)}</Fact>
            <Fact label="Provider fees">{formatMicro(-p.providerFeeMicro)}</Fact>
            <Fact label={`Platform share (${p.shareBasisPoints / 100}%)`}>{formatMicro(-p.platformShareMicro)}</Fact>
            <Fact label="Carried from last period">{formatMicro(p.carryInMicro)}</Fact>
            <Fact label="Carried to next period">{formatMicro(-p.carryOutMicro)}</Fact>
            <Fact label="Payout">
              <span className="text-base font-semibold" data-testid="payout-amount">
                {money(p.payoutCents)}
              </span>
            </Fact>
            {p.reference ? <Fact label="Reference">{p.reference}</Fact> : null}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Statement</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          {lines.isPending ? (
            <Skeleton className="h-32 w-full" />
          ) : groups.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No collections, refunds or fees in this period: the payout carries only what the previous period left.
            </p>
          ) : (
            groups.map((g) => <LineGroup key={g.category} category={g.category} lines={g.lines} />)
          )}
          <p className="text-xs text-muted-foreground">
            Provider fees are what the card processor kept on each charge. A payout is paid in whole cents; a fraction
            of a cent (or a negative balance after refunds) is carried to the next period.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
