import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { MailItem } from '@postwise/shared/mail-api';
import { Card, CardContent } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { shortDate } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { EnvelopePhoto } from './envelope-photo';
import { kindLabel } from './mail-status';

const STEPS = ['Insurance', 'Address', 'Payment'] as const;

/** The step indicator of the forward flow (docs/design.md: multi-step flows with a step indicator). */
export function ForwardSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="flex items-center gap-2 text-sm" aria-label="Forward steps">
      {STEPS.map((label, i) => (
        <li key={label} className="flex items-center gap-2" aria-current={i === current ? 'step' : undefined}>
          <span
            className={cn(
              'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
              i < current && 'border-green bg-green text-green-foreground',
              i === current && 'border-primary bg-primary text-primary-foreground',
              i > current && 'text-muted-foreground',
            )}
          >
            {i < current ? <Check aria-hidden="true" className="size-4" /> : i + 1}
          </span>
          <span className={cn(i === current ? 'font-semibold' : 'text-muted-foreground', 'hidden sm:inline')}>
            {label}
          </span>
          {i < STEPS.length - 1 ? <span aria-hidden="true" className="h-px w-6 bg-border sm:w-10" /> : null}
        </li>
      ))}
    </ol>
  );
}

/** The frame of each forward step: title, steps, the item being forwarded and the step's content. */
export function ForwardFrame({
  title,
  description,
  step,
  item,
  others = [],
  children,
}: {
  title: string;
  description: string;
  step: 0 | 1 | 2;
  item: MailItem | undefined;
  /** Items consolidated into the same parcel. */
  others?: MailItem[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={title} description={description} />
      <ForwardSteps current={step} />
      {item ? (
        <Card>
          <CardContent className="flex items-center gap-4 p-4">
            <EnvelopePhoto item={item} sizes="5rem" className="h-14 w-20" />
            <div className="grid min-w-0">
              <span className="truncate font-semibold">{item.sender}</span>
              <span className="text-sm text-muted-foreground">
                {kindLabel(item.kind)} · received {shortDate(item.receivedAt)}
                {item.weightLb !== null ? ` · ${item.weightLb} lb` : ''}
              </span>
            </div>
            {others.length ? (
              <span className="ml-auto text-sm font-semibold text-primary" data-testid="consolidated-count">
                + {others.length} more {others.length === 1 ? 'item' : 'items'} in one parcel
              </span>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {children}
    </div>
  );
}
