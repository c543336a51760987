import { useState, type FormEvent, type ReactNode } from 'react';
import { CalendarCheck, CalendarClock, LockKeyhole, MapPin, Package, Truck, type LucideIcon } from 'lucide-react';
import type { TrackingParty, TrackingPlace, TrackingResult } from '@postwise/shared/public-tracking';
import { normalizeScanEvents, type TimelineEvent } from '@postwise/shared/tracking';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorText } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useTrackShipment } from '../api/track';
import { IconHeadingCard } from './icon-heading-card';

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

/** "Austin, TX, US": the place a public answer names instead of a person. */
function placeText(p: TrackingPlace): string {
  return [p.city, p.state, p.country].filter(Boolean).join(', ');
}

/** One fact of the shipment: icon and label, then the value indented under the label. */
function TrackingDetail({
  icon: Icon,
  label,
  className,
  children,
}: {
  icon: LucideIcon;
  label: string;
  /** Of the value. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-0.5">
      <dt className="flex items-center gap-2 text-muted-foreground">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {label}
      </dt>
      <dd className={cn('pl-6 font-semibold', className)}>{children}</dd>
    </div>
  );
}

/** A sender or receiver: the whole party when the answer is full, else only the city, state and country. */
function Party({ title, party, place }: { title: string; party: TrackingParty | null; place: TrackingPlace }) {
  const a = party?.address;
  return (
    <div className="grid content-start gap-1" data-testid={`tracking-${title.toLowerCase()}`}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {party && a ? (
        <>
          <p className="font-semibold text-navy-950">{party.name}</p>
          {party.companyName ? <p className="text-sm">{party.companyName}</p> : null}
          <p className="text-sm text-muted-foreground">
            {a.line1}
            <br />
            {[a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
            {a.country ? `, ${a.country}` : ''}
          </p>
        </>
      ) : (
        <p className="font-semibold text-navy-950">{placeText(place)}</p>
      )}
    </div>
  );
}

/**
 * Names and street lines are shown only to someone who knows where the parcel goes: the destination ZIP code asks
 * the API again, and a wrong one says so without revealing anything.
 */
function ZipUnlock({ uniqueId, onFullResult }: { uniqueId: string; onFullResult: (r: TrackingResult) => void }) {
  const track = useTrackShipment();
  const [zip, setZip] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = zip.trim();
    if (!value) {
      setError('Enter the destination ZIP code.');
      return;
    }
    try {
      const answer = await track.mutateAsync({ trackingNumber: uniqueId, zip: value });
      if (answer.access === 'full') onFullResult(answer);
      else setError('That ZIP code does not match the destination.');
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 rounded-lg border border-dashed p-4 sm:grid-cols-[1fr_auto] sm:items-start"
      aria-label="Show names and addresses"
      data-testid="tracking-zip-form"
    >
      <FormField
        label={
          <span className="inline-flex items-center gap-1.5">
            <LockKeyhole aria-hidden="true" className="size-3.5 text-muted-foreground" />
            Destination ZIP code
          </span>
        }
        description="Names and street addresses are shown to whoever knows where the parcel goes."
        error={error}
      >
        <Input
          value={zip}
          onChange={(e) => {
            setZip(e.target.value);
            setError(undefined);
          }}
          inputMode="text"
          autoComplete="off"
          maxLength={16}
          data-testid="tracking-zip-input"
        />
      </FormField>
      <Button
        type="submit"
        variant="outline"
        loading={track.isPending}
        className="sm:mt-5.5"
        data-testid="tracking-zip-submit"
      >
        Show addresses
      </Button>
    </form>
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

/**
 * A found shipment (spec 3): summary, origin and destination (the parties too once the answer is full), packages
 * and the carrier's events as one timeline.
 */
export function TrackingResultView({
  result,
  onFullResult,
}: {
  result: TrackingResult;
  /** Receives the answer with names and addresses after the visitor gave the right destination ZIP code. */
  onFullResult: (result: TrackingResult) => void;
}) {
  const events = normalizeScanEvents(result.tracking.details.scanEvents);
  const details = result.shipmentDetails;
  const packageCount = result.packages.reduce((sum, p) => sum + (p.numberOfPackages || 0), 0);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.3fr]" data-testid="tracking-result">
      <Card>
        <CardContent className="grid gap-6">
          <div className="grid gap-1">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Tracking number</p>
            <p className="font-mono text-lg font-bold break-all text-navy-950">{result.uniqueId}</p>
            <p
              className="mt-2 inline-flex w-fit items-center gap-2 rounded-full bg-orange-soft px-3 py-1 text-sm font-semibold text-orange-hover"
              data-testid="tracking-status"
            >
              <Truck aria-hidden="true" className="size-4" />
              {result.status.description}
            </p>
          </div>
          <dl className="grid gap-4 text-sm">
            <TrackingDetail icon={Truck} label="Carrier and service">
              {result.logistics.carrier} · {details.service}
              {details.category ? ` (${details.category})` : ''}
            </TrackingDetail>
            {result.deliveredAt ? (
              <TrackingDetail icon={CalendarCheck} label="Delivered">
                <time dateTime={result.deliveredAt}>{dateTime.format(new Date(result.deliveredAt))}</time>
              </TrackingDetail>
            ) : details.deliveryDate || details.deliveryTime ? (
              <TrackingDetail icon={CalendarClock} label="Expected delivery">
                {[details.deliveryDate ? formatDay(details.deliveryDate) : null, details.deliveryTime]
                  .filter(Boolean)
                  .join(' · ')}
              </TrackingDetail>
            ) : null}
            <TrackingDetail icon={Package} label="Packages" className="grid gap-0.5">
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
            </TrackingDetail>
          </dl>
          <div className="grid gap-5 border-t pt-5 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <Party title="From" party={result.sender} place={result.origin} />
            <Party title="To" party={result.receiver} place={result.destination} />
          </div>
          {result.access === 'public' ? (
            <ZipUnlock key={result.uniqueId} uniqueId={result.uniqueId} onFullResult={onFullResult} />
          ) : null}
        </CardContent>
      </Card>
      <IconHeadingCard icon={MapPin} iconClassName="text-orange" title="Shipment progress" className="gap-5">
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
      </IconHeadingCard>
    </div>
  );
}
