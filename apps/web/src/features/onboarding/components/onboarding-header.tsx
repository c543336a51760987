import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { Text } from '../../../components/ui/text';
import { cn } from '../../../lib/utils';

export type StepId = 'account-type' | 'account-info' | 'contract' | 'documents' | 'done';

const MAILBOX_STEPS: { id: StepId; label: string }[] = [
  { id: 'account-type', label: 'Account type' },
  { id: 'account-info', label: 'Details' },
  { id: 'contract', label: 'Contract' },
  { id: 'documents', label: 'Documents' },
  { id: 'done', label: 'Done' },
];
const SHIPMENT_STEPS = MAILBOX_STEPS.filter((s) => s.id !== 'contract' && s.id !== 'documents');

/** The multi-step indicator (docs/design.md, Forms): the mailbox path has the contract and documents steps. */
export function StepIndicator({ current, mailbox }: { current: StepId; mailbox: boolean }) {
  const steps = mailbox ? MAILBOX_STEPS : SHIPMENT_STEPS;
  const index = steps.findIndex((s) => s.id === current);
  return (
    <nav aria-label="Application progress">
      <ol className="flex items-center gap-1.5 sm:gap-2">
        {steps.map((step, i) => {
          const done = i < index;
          const here = i === index;
          return (
            <li
              key={step.id}
              className={cn('flex items-center gap-1.5 sm:gap-2', i < steps.length - 1 && 'min-w-0 flex-1')}
            >
              <span
                aria-current={here ? 'step' : undefined}
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  done && 'border-green bg-green text-green-foreground',
                  here && 'border-primary bg-primary text-primary-foreground',
                  !done && !here && 'border-input bg-background text-muted-foreground',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : i + 1}
                <span className="sr-only">
                  {step.label}
                  {done ? ' (done)' : here ? ' (current step)' : ''}
                </span>
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'hidden shrink-0 text-xs font-medium whitespace-nowrap sm:inline',
                  here ? 'text-foreground' : 'text-muted-foreground',
                )}
              >
                {step.label}
              </span>
              {i < steps.length - 1 ? <span aria-hidden="true" className="h-px min-w-3 flex-1 bg-border" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Title and subtitle of an onboarding screen, with the step indicator above. */
export function OnboardingHeader({
  title,
  subtitle,
  step,
  mailbox,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  step: StepId;
  mailbox: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <StepIndicator current={step} mailbox={mailbox} />
      <div className="grid gap-1.5">
        <Text variant="h3" as="h1" data-testid="page-title">
          {title}
        </Text>
        {subtitle ? (
          <Text variant="body-small" tone="muted">
            {subtitle}
          </Text>
        ) : null}
        {children}
      </div>
    </div>
  );
}
