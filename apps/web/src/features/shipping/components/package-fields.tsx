import { Trash2 } from 'lucide-react';
import { DIMENSION_UNITS, PACKAGE_TYPES, WEIGHT_UNITS } from '@postwise/shared/schemas/shipping';
import { Button } from '../../../components/ui/button';
import { ChoiceSelect } from '../../../components/ui/choice-select';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { PackageDraft } from '../stores/create-shipment-store';
import type { FieldErrors } from './address-fields';

export function PackageCard({
  index,
  value,
  errors,
  onChange,
  onRemove,
  legend,
}: {
  index: number;
  legend?: string;
  value: PackageDraft;
  errors: FieldErrors;
  onChange: (p: PackageDraft) => void;
  onRemove?: () => void;
}) {
  const set = (patch: Partial<PackageDraft>) => onChange({ ...value, ...patch });
  const tid = (f: string) => `package-${index}-${f}`;
  return (
    <fieldset className="grid gap-4 rounded-card border p-4" data-testid={`package-${index}`}>
      <legend className="px-1 text-sm font-semibold">{legend ?? `Package ${index + 1}`}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <ChoiceSelect
          label="Type"
          value={value.packageType}
          options={PACKAGE_TYPES}
          onChange={(v) => set({ packageType: v })}
        />
        <FormField label="How many" error={errors.numberOfPackages}>
          <Input
            inputMode="numeric"
            value={value.numberOfPackages}
            data-testid={tid('count')}
            onChange={(e) => set({ numberOfPackages: e.target.value })}
          />
        </FormField>
        <ChoiceSelect
          label="Dimension unit"
          value={value.unit}
          options={DIMENSION_UNITS}
          onChange={(v) => set({ unit: v })}
        />
      </div>
      <div className="grid grid-cols-3 gap-3">
        {(['length', 'width', 'height'] as const).map((k) => (
          <FormField key={k} label={`${k[0]!.toUpperCase()}${k.slice(1)} (${value.unit})`}>
            <Input
              inputMode="decimal"
              value={value[k]}
              data-testid={tid(k)}
              aria-invalid={errors.dimension ? true : undefined}
              onChange={(e) => set({ [k]: e.target.value })}
            />
          </FormField>
        ))}
        {errors.dimension ? (
          <p role="alert" className="col-span-3 text-sm font-medium text-destructive">
            {errors.dimension}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={`Weight (${value.weightUnits})`} error={errors.weight}>
          <Input
            inputMode="decimal"
            value={value.weight}
            data-testid={tid('weight')}
            onChange={(e) => set({ weight: e.target.value })}
          />
        </FormField>
        <ChoiceSelect
          label="Weight unit"
          value={value.weightUnits}
          options={WEIGHT_UNITS}
          onChange={(v) => set({ weightUnits: v })}
        />
        <FormField label="Declared value ($, optional)" error={errors.insuranceDeclared}>
          <Input
            inputMode="decimal"
            value={value.declaredValue}
            data-testid={tid('value')}
            onChange={(e) => set({ declaredValue: e.target.value })}
          />
        </FormField>
      </div>
      <FormField label="Contents (optional)" error={errors.contentDescription}>
        <Input
          value={value.contentDescription}
          data-testid={tid('contents')}
          onChange={(e) => set({ contentDescription: e.target.value })}
        />
      </FormField>
      {onRemove ? (
        <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          {`Remove package ${index + 1}`}
        </Button>
      ) : null}
    </fieldset>
  );
}
