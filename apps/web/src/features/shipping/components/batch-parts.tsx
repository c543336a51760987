import type { BatchRowStatus, BatchStatus } from '@postwise/shared/schemas/shipment-batches';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { ProgressBar } from '../../../components/ui/progress-bar';

const BATCH_STATUS: Record<BatchStatus, { text: string; variant: BadgeProps['variant'] }> = {
  rating: { text: 'Rating', variant: 'warning' },
  ready: { text: 'Ready to buy', variant: 'primary' },
  purchasing: { text: 'Buying', variant: 'warning' },
  completed: { text: 'Completed', variant: 'success' },
};

const ROW_STATUS: Record<BatchRowStatus, { text: string; variant: BadgeProps['variant'] }> = {
  pending: { text: 'Rating', variant: 'neutral' },
  valid: { text: 'Valid', variant: 'primary' },
  invalid: { text: 'Invalid', variant: 'destructive' },
  bought: { text: 'Bought', variant: 'success' },
  failed: { text: 'Failed', variant: 'destructive' },
};

export const ROW_STATUS_TEXT = Object.fromEntries(
  Object.entries(ROW_STATUS).map(([status, { text }]) => [status, text]),
) as Record<BatchRowStatus, string>;

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { text, variant } = BATCH_STATUS[status];
  return (
    <Badge variant={variant} data-testid="batch-status">
      {text}
    </Badge>
  );
}

export function BatchRowStatusBadge({ status }: { status: BatchRowStatus }) {
  const { text, variant } = ROW_STATUS[status];
  return <Badge variant={variant}>{text}</Badge>;
}

/** A labelled bar of work done (rating or buying rows), read out by assistive technology as a percentage. */
export function BatchProgress({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total > 0 ? Math.round((done * 100) / total) : 100;
  return (
    <div className="grid gap-1.5" data-testid="batch-progress">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">{`${done} of ${total}`}</span>
      </div>
      <ProgressBar value={percent} label={label} />
    </div>
  );
}
