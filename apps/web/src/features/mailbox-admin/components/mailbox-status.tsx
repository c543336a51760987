import type { MailboxDisplayStatus, MailRequestStatus } from '@postwise/shared/mail';
import type { MailboxSummary } from '@postwise/shared/mail-api';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

const MAILBOX_STATUS: Record<MailboxDisplayStatus, { text: string; variant: BadgeProps['variant']; hint: string }> = {
  active: { text: 'Active', variant: 'success', hint: 'Receive and log mail.' },
  cancelled: { text: 'Cancelled', variant: 'warning', hint: 'Hold USPS mail, do not log.' },
  closed: { text: 'Closed', variant: 'destructive', hint: 'Return to sender.' },
};

/** A mailbox's status with what the operator does with its mail (colour never alone). */
export function MailboxStatusBadge({ status, withHint = false }: { status: MailboxDisplayStatus; withHint?: boolean }) {
  const s = MAILBOX_STATUS[status];
  return (
    <span className="inline-grid justify-items-start gap-0.5">
      <Badge variant={s.variant} data-testid="mailbox-status">
        {s.text}
      </Badge>
      {withHint ? <span className="text-xs text-muted-foreground">{s.hint}</span> : null}
    </span>
  );
}

const REQUEST_STATUS: Record<MailRequestStatus, { text: string; variant: BadgeProps['variant'] }> = {
  requested: { text: 'Requested', variant: 'warning' },
  in_progress: { text: 'In progress', variant: 'primary' },
  quote_pending: { text: 'Waiting for customer', variant: 'orange' },
  completed: { text: 'Completed', variant: 'success' },
  cancelled: { text: 'Cancelled', variant: 'neutral' },
};

export function RequestStatusBadge({ status }: { status: MailRequestStatus }) {
  const s = REQUEST_STATUS[status];
  return (
    <Badge variant={s.variant} data-testid="request-status">
      {s.text}
    </Badge>
  );
}

export const REQUEST_STATUS_LABELS = Object.fromEntries(
  Object.entries(REQUEST_STATUS).map(([k, v]) => [k, v.text]),
) as Record<MailRequestStatus, string>;

/** The other names mail may be addressed to (the holder's own name is already shown). */
export function otherNames(box: Pick<MailboxSummary, 'names' | 'holder'>): string[] {
  const holder = box.holder.fullName.trim().toLowerCase();
  return box.names.filter((n) => n.trim() && n.trim().toLowerCase() !== holder);
}

/** Where a mailbox is and who else gets mail in it: "Downtown · also Acme LLC". */
export function mailboxPlace(box: Pick<MailboxSummary, 'names' | 'holder' | 'store'>): string {
  const others = otherNames(box);
  return `${box.store.name}${others.length ? ` · also ${others.join(', ')}` : ''}`;
}

/** A mailbox as the operator picks it: its number and holder in bold, where it is under them. */
export function MailboxName({ box }: { box: Pick<MailboxSummary, 'pmb' | 'names' | 'holder' | 'store'> }) {
  return (
    <span className="grid">
      <span className="font-semibold">
        {box.pmb} · {box.holder.fullName}
      </span>
      <span className="text-xs text-muted-foreground">{mailboxPlace(box)}</span>
    </span>
  );
}
