import { useId, useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsSummary } from '@postwise/shared/schemas/analytics';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { money } from '../../../lib/format';

type Series = AnalyticsSummary['series'];

/** "Mar 12" for day points, "Mar 2026" for month points, in the time zone the server buckets them in. */
export function pointLabel(unit: Series['unit'], start: string, timeZone: string): string {
  const d = new Date(start);
  return unit === 'day'
    ? d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone })
    : d.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone });
}

const compactMoney = (cents: number) =>
  (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  });

/**
 * Revenue collected per day or month (bars) and MRR at each point's end (line). The chart is for the eye; the same
 * figures are one click away as a table for screen readers and copying. Loaded lazily with recharts.
 */
export default function RevenueMrrChart({ series, timeZone }: { series: Series; timeZone: string }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const data = series.points.map((p) => ({
    label: pointLabel(series.unit, p.start, timeZone),
    revenue: p.revenueCents,
    mrr: p.mrrCents,
  }));
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold">
          Revenue and MRR by {series.unit}
        </h2>
        <Button type="button" size="sm" variant="outline" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? 'Show chart' : 'Show table'}
        </Button>
      </div>
      {data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing in this range.</p>
      ) : asTable ? (
        <div className="max-h-96 overflow-auto">
          <table className="w-full text-sm" aria-labelledby={titleId}>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  {series.unit === 'day' ? 'Day' : 'Month'}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Revenue
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  MRR at end
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((p) => (
                <tr key={p.label} className="border-t border-border">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {p.label}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{money(p.revenue)}</td>
                  <td className="py-1.5 text-right tabular-nums">{money(p.mrr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <figure className="m-0" aria-labelledby={titleId}>
          <div className="h-72 w-full" data-testid="revenue-mrr-chart">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="var(--color-border)" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
                <YAxis tickFormatter={compactMoney} tick={{ fontSize: 12 }} width={56} />
                <Tooltip formatter={(value, name) => [money(Number(value)), name]} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar
                  dataKey="revenue"
                  name="Revenue collected"
                  fill="var(--color-primary)"
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
                <Line
                  dataKey="mrr"
                  name="MRR"
                  type="monotone"
                  stroke="var(--color-orange)"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
          <figcaption className="sr-only">
            Bars show revenue collected per {series.unit}; the line shows monthly recurring revenue. Use “Show table”
            for the figures.
          </figcaption>
        </figure>
      )}
    </Card>
  );
}
