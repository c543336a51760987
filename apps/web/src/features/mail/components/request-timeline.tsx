import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, Circle, Truck, XCircle } from 'lucide-react';
import { MAIL_REQUEST_TYPE_LABELS } from '@postwise/shared/mail';
import type { ForwardTracking } from '@postwise/shared/mail-api';
import { SHIPMENT_STATUS_LABELS } from '@postwise/shared/shipping/lifecycle';
import { Skeleton } from '../../../components/ui/skeleton';
import { dateTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { useMailRequest } from '../api/mail-items';
import { timelineSteps, trackingHref } from '../lib/request-timeline';

/** The timeline of the item's request (GET mail-requests/{id}), with the tracking of a completed forward. */
export function RequestTimeline({ requestId }: { requestId: string }) {
  const query = useMailRequest(requestId);
  if (query.isPending)
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading the request">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-16" />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {query.error.message}
      </p>
    );
  const request = query.data;
  const steps = timelineSteps(request);
  const tracking =
    request.type === 'forward' && request.status === 'completed' && request.outboundTracking
      ? request.outboundTracking
      : null;
  return (
    <section
      className="grid gap-3 rounded-card border p-4"
      aria-label="Request timeline"
      data-testid="request-timeline"
    >
      <h3 className="font-semibold">{MAIL_REQUEST_TYPE_LABELS[request.type]} request</h3>
      <ol className="grid gap-3">
        {steps.map((s) => (
          <li key={s.key} className="flex items-start gap-3 text-sm" data-testid="timeline-step">
            {s.tone === 'cancelled' ? (
              <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            ) : s.label === 'Completed' ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-hover" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            )}
            <span className="grid min-w-0 gap-0.5">
              <span className={cn('font-medium', s.tone === 'cancelled' && 'text-destructive')}>{s.label}</span>
              <time dateTime={s.at} className="text-xs text-muted-foreground">
                {dateTime(s.at)}
              </time>
              {s.note ? <span className="text-xs break-words text-muted-foreground">{s.note}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {tracking ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="outbound-tracking">
          <Truck aria-hidden="true" className="size-4" />
          {request.outboundCarrier ? `${request.outboundCarrier} · ` : ''}
          <Link to={trackingHref(tracking)} className="font-medium break-all text-primary underline">
            {tracking}
          </Link>
        </p>
      ) : null}
      {request.tracking ? <ParcelTracking tracking={request.tracking} /> : null}
    </section>
  );
}

const PARCEL_STATUS_TEXT: Record<string, string> = {
  ...SHIPMENT_STATUS_LABELS,
  label_created: 'Label created: waiting for the carrier to pick it up',
};

/** The outbound parcel's carrier tracking: where it is now, its scans, and the carrier's own page. */
function ParcelTracking({ tracking }: { tracking: ForwardTracking }) {
  return (
    <div className="grid gap-2 border-t pt-3" data-testid="parcel-tracking">
      <p className="text-sm">
        <span className="font-semibold">{tracking.service ?? tracking.carrier}</span>
        {' · '}
        <span data-testid="parcel-status">
          {PARCEL_STATUS_TEXT[tracking.status] ?? tracking.status.replace(/_/g, ' ')}
        </span>
      </p>
      {tracking.events.length ? (
        <ol className="grid gap-1 text-xs text-muted-foreground">
          {tracking.events.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              {e.at ? `${dateTime(e.at)} · ` : ''}
              {e.description}
              {e.city ? `, ${e.city}` : ''}
            </li>
          ))}
        </ol>
      ) : null}
      {tracking.trackingUrl ? (
        <a
          href={tracking.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="justify-self-start text-sm font-medium text-primary underline"
          data-testid="parcel-track-link"
        >
          Track with {tracking.carrier}
        </a>
      ) : null}
    </div>
  );
}
