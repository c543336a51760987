import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ARRIVAL_PRIORITIES, type ArrivalPriority } from '@postwise/shared/schemas/shipping';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';
import { WizardFrame, WIZARD_STEPS } from '../components/wizard-frame';
import { useCreateShipmentStore } from '../stores/create-shipment-store';

const PRIORITY_TEXT: Record<ArrivalPriority, { title: string; hint: string }> = {
  cheapest: { title: 'Cheapest', hint: 'The lowest price first.' },
  fastest: { title: 'Fastest', hint: 'The quickest delivery first.' },
  arriveBy: { title: 'Arrive by a date', hint: 'Services that arrive in time first.' },
};

/** Step 4: how the rates are sorted (cheapest, fastest, arrive by) plus signature and Saturday delivery. */
export function ArrivalPreferencesPage() {
  const navigate = useNavigate();
  const preferences = useCreateShipmentStore((s) => s.preferences);
  const update = useCreateShipmentStore((s) => s.update);
  const [error, setError] = useState<string | undefined>();
  const signatureId = useId();
  const saturdayId = useId();
  const set = (patch: Partial<typeof preferences>) => update({ preferences: { ...preferences, ...patch } });

  const next = () => {
    if (preferences.priority === 'arriveBy' && !preferences.arriveBy) {
      setError('Arrive-by date is required');
      return;
    }
    setError(undefined);
    void navigate(WIZARD_STEPS[4].path);
  };

  return (
    <WizardFrame
      step={3}
      title="Arrival preferences"
      description="What matters most for this shipment?"
      onNext={next}
      nextLabel="Get rates"
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Sort the rates by</legend>
        <div role="radiogroup" aria-label="Sort the rates by" className="grid gap-3 sm:grid-cols-3">
          {ARRIVAL_PRIORITIES.map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={preferences.priority === p}
              data-testid={`priority-${p}`}
              onClick={() => set({ priority: p })}
              className={cn(
                'grid gap-1 rounded-card border p-4 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                preferences.priority === p ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
              )}
            >
              <span className="font-semibold">{PRIORITY_TEXT[p].title}</span>
              <span className="text-sm text-muted-foreground">{PRIORITY_TEXT[p].hint}</span>
            </button>
          ))}
        </div>
      </fieldset>
      {preferences.priority === 'arriveBy' ? (
        <FormField label="Arrive by" error={error} className="sm:max-w-xs">
          <Input type="date" value={preferences.arriveBy} onChange={(e) => set({ arriveBy: e.target.value })} />
        </FormField>
      ) : null}
      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Checkbox
            id={signatureId}
            checked={preferences.signature}
            onCheckedChange={(v) => set({ signature: v === true })}
          />
          <Label htmlFor={signatureId} className="font-normal">
            Signature required on delivery
          </Label>
        </div>
        <div className="flex items-center gap-3">
          <Checkbox
            id={saturdayId}
            checked={preferences.saturdayDelivery}
            onCheckedChange={(v) => set({ saturdayDelivery: v === true })}
          />
          <Label htmlFor={saturdayId} className="font-normal">
            Saturday delivery
          </Label>
        </div>
      </div>
    </WizardFrame>
  );
}
