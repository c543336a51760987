import { CalendarClock, MapPin, Package, Truck } from 'lucide-react';
import type { TrackingParty, TrackingResult } from '@postwise/shared/public-tracking';
import { normalizeScanEvents, type TimelineEvent } from '@postwise/shared/tracking';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/utils';

const dateTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** A calendar date (YYYY-MM-DD) shown as that day wherever the visitor is. */
function formatDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return dateOnly.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

function Party({ title, party }: { title: string; party: TrackingParty }) {
  const a = party.address;
  return (
    <div className="grid content-start gap-1">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <p className="font-semibold text-navy-950">{party.name}</p>
      {party.companyName ? <p className="text-sm">{party.companyName}</p> : null}
      <p className="text-sm text-muted-foreground">
        {a.line1}
        <br />
        {[a.state, a.zipCode].filter(Boolean).join(' ')}
        {a.country ? `, ${a.country}` : ''}
      </p>
    </div>
  );
}

function Timeline({ events }: { events: TimelineEvent[] }) {
  return (
    <ol className="relative grid gap-6" data-testid="tracking-timeline">
      {events.map((e, i) => (
        <li key={`${e.occurredAt}-${e.description}-${i}`} className="relative flex gap-4">
          {i < events.length - 1 ? (
            <span aria-hidden="true" className="absolute top-5 left-[9px] h-[calc(100%+0.5rem)] w-0.5 bg-border" />
          ) : null}
          <span
            aria-hidden="true"
            className={cn(
              'relative mt-1 size-5 shrink-0 rounded-full border-4',
              i === 0 ? 'border-orange-soft bg-orange' : 'border-primary-soft bg-primary',
            )}
          />
          <div className="grid gap-0.5">
            <p className={cn('font-semibold', i === 0 ? 'text-navy-950' : 'text-foreground')}>
              {e.description}
              {i === 0 ? <span className="sr-only"> (latest update)</span> : null}
            </p>
            <p className="text-sm text-muted-foreground">
              {e.occurredAt ? <time dateTime={e.occurredAt}>{dateTime.format(new Date(e.occurredAt))}</time> : null}
              {e.occurredAt && e.location ? ' · ' : null}
              {e.location}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A found shipment (spec 3): summary, parties, packages and the carrier's events as one timeline. */
export function TrackingResultView({ result }: { result: TrackingResult }) {
  const events = normalizeScanEvents(result.tracking.details.scanEvents);
  const latest = events[0];
  const details = result.shipmentDetails;
  const packageCount = result.packages.reduce((sum, p) => sum + (p.numberOfPackages || 0), 0);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.3fr]" data-testid="tracking-result">
      <Card>
        <CardContent className="grid gap-6">
          <div className="grid gap-1">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Tracking number</p>
            <p className="font-mono text-lg font-bold break-all text-navy-950">{result.uniqueId}</p>
            {latest ? (
              <p className="mt-2 inline-flex w-fit items-center gap-2 rounded-full bg-orange-soft px-3 py-1 text-sm font-semibold text-orange-hover">
                <Truck aria-hidden="true" className="size-4" />
                {latest.description}
              </p>
            ) : null}
          </div>
          <dl className="grid gap-4 text-sm">
            <div className="grid gap-0.5">
              <dt className="flex items-center gap-2 text-muted-foreground">
                <Truck aria-hidden="true" className="size-4 shrink-0 text-primary" />
                Carrier and service
              </dt>
              <dd className="pl-6 font-semibold">
                {result.logistics.carrier} · {details.service}
                {details.category ? ` (${details.category})` : ''}
              </dd>
            </div>
            {details.deliveryDate || details.deliveryTime ? (
              <div className="grid gap-0.5">
                <dt className="flex items-center gap-2 text-muted-foreground">
                  <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  Expected delivery
                </dt>
                <dd className="pl-6 font-semibold">
                  {[details.deliveryDate ? formatDay(details.deliveryDate) : null, details.deliveryTime]
                    .filter(Boolean)
                    .join(' · ')}
                </dd>
              </div>
            ) : null}
            <div className="grid gap-0.5">
              <dt className="flex items-center gap-2 text-muted-foreground">
                <Package aria-hidden="true" className="size-4 shrink-0 text-primary" />
                Packages
              </dt>
              <dd className="grid gap-0.5 pl-6 font-semibold">
                <span>
                  {packageCount} {packageCount === 1 ? 'package' : 'packages'}
                </span>
                {result.packages.map((p, i) => (
                  <span key={i} className="font-normal text-muted-foreground">
                    {p.packageType}
                    {p.weight !== null ? ` · ${p.weight} ${p.weightUnits ?? ''}` : ''}
                    {p.dimension
                      ? ` · ${p.dimension.length} × ${p.dimension.width} × ${p.dimension.height} ${p.dimension.unit}`
                      : ''}
                  </span>
                ))}
              </dd>
            </div>
          </dl>
          <div className="grid gap-5 border-t pt-5 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <Party title="From" party={result.sender} />
            <Party title="To" party={result.receiver} />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-navy-950">
            <MapPin aria-hidden="true" className="size-5 text-orange" />
            Shipment progress
          </h2>
          {events.length > 0 ? (
            <Timeline events={events} />
          ) : (
            <EmptyState
              icon={Truck}
              title="No tracking information available."
              description="The label is ready; updates appear here as soon as the carrier scans the parcel."
              className="py-8"
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
