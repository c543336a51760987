import type { FormEvent, ReactNode } from 'react';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Text } from '../../../components/ui/text';
import { cn } from '../../../lib/utils';
import { useCreateShipmentStore } from '../stores/create-shipment-store';

export const WIZARD_STEPS = [
  { path: '/create-shipment/sender-address', label: 'Sender' },
  { path: '/create-shipment/receiver-address', label: 'Receiver' },
  { path: '/create-shipment/package-information', label: 'Packages' },
  { path: '/create-shipment/arrival-prefrences', label: 'Preferences' },
  { path: '/create-shipment/update-quote', label: 'Quote' },
] as const;

/** The five steps as an ordered list; the current one is marked for screen readers too. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Create shipment steps">
      <ol className="flex items-center gap-1 sm:gap-2" data-testid="step-indicator">
        {WIZARD_STEPS.map((step, i) => {
          const done = i < current;
          const active = i === current;
          return (
            <li key={step.path} className="flex flex-1 items-center gap-1 sm:gap-2">
              <span
                aria-current={active ? 'step' : undefined}
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary text-primary',
                  !done && !active && 'text-muted-foreground',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : i + 1}
                <span className="sr-only">{`${step.label}${done ? ' (done)' : ''}`}</span>
              </span>
              <span
                className={cn(
                  'hidden text-xs font-medium sm:inline',
                  active ? 'text-foreground' : 'text-muted-foreground',
                )}
                aria-hidden="true"
              >
                {step.label}
              </span>
              {i < WIZARD_STEPS.length - 1 ? <span aria-hidden="true" className="h-px flex-1 bg-border" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface WizardFrameProps {
  step: number;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Next/continue; absent on the last step (its own actions). */
  onNext?: () => void;
  nextLabel?: string;
  nextLoading?: boolean;
}

/** One step of the create-shipment wizard: the indicator, a title, the form and Back / Next. */
/** Making a return label: every step says whose return it is. */
function ReturnOfNotice() {
  const returnOf = useCreateShipmentStore((s) => s.returnOf);
  if (!returnOf) return null;
  return (
    <p className="rounded-md border bg-muted/50 px-4 py-3 text-sm" data-testid="return-of-notice">
      {`Return label for shipment ${returnOf.uniqueId}: the addresses are swapped, and the carrier prints it as a return.`}
    </p>
  );
}

export function WizardFrame({ step, title, description, children, onNext, nextLabel, nextLoading }: WizardFrameProps) {
  const back = step === 0 ? '/dashboard' : WIZARD_STEPS[step - 1]!.path;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onNext?.();
  };
  return (
    <form className="grid gap-6" onSubmit={submit} noValidate>
      <StepIndicator current={step} />
      <div className="grid gap-1">
        <Text variant="h3" as="h1" data-testid="page-title">
          {title}
        </Text>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <ReturnOfNotice />
      {children}
      <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-between">
        <LinkButton to={back} icon={ArrowLeft} variant="outline">
          {step === 0 ? 'Cancel' : 'Back'}
        </LinkButton>
        {onNext ? (
          <Button type="submit" loading={nextLoading} data-testid="wizard-next">
            {nextLabel ?? 'Next'}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </form>
  );
}
