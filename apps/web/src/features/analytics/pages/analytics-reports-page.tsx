import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import type { AnalyticsSummary } from '@postwise/shared/schemas/analytics';
import { PLATFORM_TIME_ZONE } from '@postwise/shared/time-zones';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Skeleton, SkeletonList } from '../../../components/ui/skeleton';
import { money } from '../../../lib/format';
import { downloadAnalyticsCsv, useAnalyticsSummary, type Range } from '../api/analytics';
import { PRESETS, presetRange, type Preset } from '../api/ranges';

/** "Los Angeles" for America/Los_Angeles: the city part of an IANA name, as people say it. */
const zoneName = (zone: string) => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');

const RevenueMrrChart = lazy(() => import('../components/revenue-mrr-chart'));

const CATEGORY_LABELS: Record<string, string> = {
  subscriptions: 'Subscriptions',
  fees: 'Fees',
  forwards: 'Forwards',
  shipping_margin: 'Shipping margin',
};

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="grid gap-1 p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums" data-testid={`stat-${label}`}>
        {value}
      </p>
      {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

/** A section with a bar per row and the same rows as an accessible table. */
function BarTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: [string, string];
  rows: { label: string; value: number; display: ReactNode }[];
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Card className="grid content-start gap-3 p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing in this range.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                {columns[0]}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {columns[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-t border-border">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <span className="block [overflow-wrap:anywhere]">{r.label}</span>
                  <span aria-hidden="true" className="mt-1 block h-2 rounded bg-primary-soft">
                    <span
                      className="block h-2 rounded bg-primary"
                      style={{ width: `${Math.round((r.value / max) * 100)}%` }}
                    />
                  </span>
                </th>
                <td className="py-2 text-right align-top tabular-nums">{r.display}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function Figures({ s }: { s: AnalyticsSummary }) {
  const change = s.mrrChangeCents;
  return (
    <div className="grid gap-6">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <li className="grid">
          <Stat
            label="MRR"
            value={money(s.mrrCents)}
            detail={`${change >= 0 ? '+' : '−'}${money(Math.abs(change))} vs the previous period`}
          />
        </li>
        <li className="grid">
          <Stat
            label="Subscriptions"
            value={`${s.newSubscriptions} new`}
            detail={`${s.churnedSubscriptions} churned · ${s.reactivatedSubscriptions} reactivated`}
          />
        </li>
        <li className="grid">
          <Stat
            label="Past due"
            value={money(s.pastDue.cents)}
            detail={`${s.pastDue.invoices} open invoices · ${s.pastDue.accounts} accounts`}
          />
        </li>
        <li className="grid">
          <Stat
            label="Shipments"
            value={s.shipments.count.toLocaleString('en-US')}
            detail={`Customers saved ${money(s.shipments.customerSavingsCents)}`}
          />
        </li>
      </ul>
      <Suspense fallback={<Skeleton className="h-80" />}>
        <RevenueMrrChart series={s.series} timeZone={s.timeZone} />
      </Suspense>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-2">
          <BarTable
            title="Revenue by category"
            columns={['Category', 'Revenue']}
            rows={s.revenueByCategory.map((r) => ({
              label: CATEGORY_LABELS[r.category] ?? r.category,
              value: r.cents,
              display: money(r.cents),
            }))}
          />
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-5 text-sm" aria-label="Refunds and net revenue">
            <dt className="text-muted-foreground">Refunds ({s.refunds.count})</dt>
            <dd className="text-right tabular-nums">
              {s.refunds.cents > 0 ? '−' : ''}
              {money(s.refunds.cents)}
            </dd>
            <dt className="font-medium">Net revenue</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="net-revenue">
              {money(s.netRevenueCents)}
            </dd>
            <dt className="text-muted-foreground">Postage collected (passed to carriers)</dt>
            <dd className="text-right tabular-nums">{money(s.postageCollectedCents)}</dd>
          </dl>
        </div>
        <BarTable
          title="Top sub-admins by revenue"
          columns={['Sub-admin', 'Revenue']}
          rows={s.topSubAdmins.map((r) => ({ label: r.email, value: r.cents, display: money(r.cents) }))}
        />
        <BarTable
          title={`Mail volume by kind and store${s.mailVolume.length >= 20 ? ' (the 20 largest)' : ''}`}
          columns={['Store / kind', 'Items']}
          rows={s.mailVolume.map((r) => ({
            label: `${r.store} — ${r.kind.replace('_', ' ')}`,
            value: r.count,
            display: r.count.toLocaleString('en-US'),
          }))}
        />
        <BarTable
          title="Mailbox request turnaround (median / 90th percentile)"
          columns={['Store', 'Hours']}
          rows={s.requestTurnaround.map((r) => ({
            label: `${r.store} (${r.completed} completed)`,
            value: r.p90Hours,
            display: `${r.medianHours} h / ${r.p90Hours} h`,
          }))}
        />
      </div>
    </div>
  );
}

/** Analytics & Reports (super admin): the figures of a date range, with a CSV export. */
export function AnalyticsReportsPage() {
  const [preset, setPreset] = useState<Preset>('month');
  const [custom, setCustom] = useState<Range>(() => presetRange('month', new Date()));
  const range: Range | null =
    preset === 'custom'
      ? custom.from && custom.to && custom.to > custom.from
        ? custom
        : null
      : presetRange(preset, new Date());
  const { data, isPending, isError, isFetching } = useAnalyticsSummary(range);
  const [downloading, setDownloading] = useState(false);

  return (
    <PageWithHeader
      title="Analytics & Reports"
      description="Recurring revenue, subscriptions, revenue, mail and shipping for a date range."
      actions={
        <Button
          variant="outline"
          disabled={!range || downloading}
          onClick={() => {
            if (!range) return;
            setDownloading(true);
            void downloadAnalyticsCsv(range).finally(() => setDownloading(false));
          }}
        >
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      }
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Date range</legend>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <Button
              key={p.key}
              type="button"
              size="sm"
              variant={preset === p.key ? 'default' : 'outline'}
              aria-pressed={preset === p.key}
              onClick={() => setPreset(p.key)}
            >
              {p.label}
            </Button>
          ))}
        </div>
        {preset === 'custom' ? (
          <div className="flex flex-wrap gap-4">
            <div className="grid gap-1">
              <Label htmlFor="analytics-from">From</Label>
              <Input
                id="analytics-from"
                type="date"
                value={custom.from}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="analytics-to">To (exclusive)</Label>
              <Input
                id="analytics-to"
                type="date"
                value={custom.to}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              />
            </div>
            {range === null ? (
              <p role="alert" className="self-end text-sm text-destructive">
                To must be after From.
              </p>
            ) : null}
          </div>
        ) : null}
        {range ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {range.from} to {range.to} (exclusive), days in {zoneName(data?.timeZone ?? PLATFORM_TIME_ZONE)} time
            {isFetching ? ' — updating…' : ''}
          </p>
        ) : null}
      </fieldset>
      {isError ? (
        <p role="alert" className="text-sm text-destructive">
          The figures could not be loaded. Try again.
        </p>
      ) : isPending || !data ? (
        <SkeletonList
          count={4}
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
          itemClassName="h-24"
          label="Loading figures"
        />
      ) : (
        <Figures s={data} />
      )}
    </PageWithHeader>
  );
}
