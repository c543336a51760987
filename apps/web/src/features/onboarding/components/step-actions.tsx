import { Button } from '../../../components/ui/button';

/** The foot of an onboarding form: a step back on the left, Next (submits the form) on the right. */
export function StepActions({
  backLabel,
  onBack,
  backTestId,
  nextTestId,
  pending,
}: {
  backLabel: string;
  onBack: () => void;
  backTestId: string;
  nextTestId: string;
  /** The form is being saved: Next shows its spinner. */
  pending: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-3 border-t pt-6">
      <Button variant="outline" size="lg" onClick={onBack} data-testid={backTestId}>
        {backLabel}
      </Button>
      <Button type="submit" size="lg" loading={pending} data-testid={nextTestId}>
        Next
      </Button>
    </div>
  );
}
