import type { MailRequest } from '@postwise/shared/mail-api';

export interface TimelineStep {
  key: string;
  label: string;
  at: string;
  note?: string;
  tone: 'done' | 'cancelled' | 'waiting';
}

/**
 * The steps of a request as its holder reads them: requested, started, quoted (and the approval of a higher
 * quote), completed or cancelled, each with its time, from the request's event log. A request made before the
 * log started still shows its creation.
 */
export function timelineSteps(request: Pick<MailRequest, 'events' | 'createdAt' | 'completedAt' | 'cancelledAt'>) {
  const steps: TimelineStep[] = [];
  let previous: string | null = null;
  for (const [i, e] of request.events.entries()) {
    const label =
      e.status === 'requested'
        ? 'Requested'
        : e.status === 'in_progress'
          ? previous === 'quote' || previous === 'quote_pending'
            ? 'Quote approved'
            : 'Started'
          : e.status === 'quote' || e.status === 'quote_pending'
            ? 'Quoted'
            : e.status === 'completed'
              ? 'Completed'
              : 'Cancelled';
    steps.push({
      key: `${i}-${e.status}`,
      label,
      at: e.at,
      ...(e.note ? { note: e.note } : {}),
      tone: e.status === 'cancelled' ? 'cancelled' : 'done',
    });
    previous = e.status;
  }
  if (!steps.some((s) => s.label === 'Requested')) {
    steps.unshift({ key: 'created', label: 'Requested', at: request.createdAt, tone: 'done' });
  }
  const finished = (label: string, at: string | null, tone: TimelineStep['tone']) => {
    if (at && !steps.some((s) => s.label === label)) steps.push({ key: label, label, at, tone });
  };
  finished('Completed', request.completedAt, 'done');
  finished('Cancelled', request.cancelledAt, 'cancelled');
  return steps;
}

/** The public tracking page of an outbound parcel (spec route /public/track, number in t_n). */
export function trackingHref(trackingNumber: string): string {
  return `/public/track?t_n=${encodeURIComponent(trackingNumber)}`;
}
