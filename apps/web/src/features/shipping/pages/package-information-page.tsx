import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useViewer } from '../../../stores/viewer';
import type { FieldErrors } from '../components/address-fields';
import { validateCustoms, validatePackage } from '../components/draft-input';
import { PackageCard } from '../components/package-fields';
import { WizardFrame, WIZARD_STEPS } from '../components/wizard-frame';
import { usePackagePresets } from '../api/shipping-api';
import {
  EMPTY_CUSTOMS,
  EMPTY_PACKAGE,
  packageDraft,
  useCreateShipmentStore,
  type CustomsDraft,
  type PackageDraft,
} from '../stores/create-shipment-store';

/** A customs line's fields in the order they are filled in; `errorKey` where the schema names the field otherwise. */
const CUSTOMS_FIELDS: {
  key: keyof CustomsDraft;
  label: string;
  errorKey?: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
  wide?: boolean;
}[] = [
  { key: 'description', label: 'Description', wide: true },
  { key: 'quantity', label: 'Quantity', inputMode: 'numeric' },
  { key: 'weightOz', label: 'Weight (oz)', inputMode: 'decimal', placeholder: 'Optional' },
  { key: 'hsCode', label: 'HS code', inputMode: 'numeric' },
  { key: 'value', label: 'Value ($)', inputMode: 'decimal', errorKey: 'valueCents' },
  { key: 'originCountry', label: 'Origin' },
];

function CustomsRow({
  index,
  value,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  value: CustomsDraft;
  errors: FieldErrors;
  onChange: (c: CustomsDraft) => void;
  onRemove: () => void;
}) {
  const set = (patch: Partial<CustomsDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="grid gap-3 rounded-card border p-4 sm:grid-cols-7" data-testid={`customs-${index}`}>
      <legend className="px-1 text-sm font-semibold">{`Customs line ${index + 1}`}</legend>
      {CUSTOMS_FIELDS.map((f) => (
        <FormField
          key={f.key}
          label={f.label}
          error={errors[f.errorKey ?? f.key]}
          className={f.wide ? 'sm:col-span-2' : undefined}
        >
          <Input
            inputMode={f.inputMode}
            placeholder={f.placeholder}
            value={value[f.key] ?? ''}
            data-testid={`customs-${index}-${f.key}`}
            onChange={(e) => set({ [f.key]: e.target.value })}
          />
        </FormField>
      ))}
      <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={onRemove}>
        <Trash2 aria-hidden="true" />
        {`Remove line ${index + 1}`}
      </Button>
    </fieldset>
  );
}

/** Step 3: one or many packages to the same destination; customs lines when the receiver is abroad. */
export function PackageInformationPage() {
  const navigate = useNavigate();
  const viewer = useViewer();
  const packages = useCreateShipmentStore((s) => s.packages);
  const customs = useCreateShipmentStore((s) => s.customs);
  const receiverCountry = useCreateShipmentStore((s) => s.receiver.country);
  const update = useCreateShipmentStore((s) => s.update);
  // Presets belong to shipping customers (the packages list); the super admin has none.
  const presets = usePackagePresets(viewer?.role === 'USER');
  const [errors, setErrors] = useState<FieldErrors[]>([]);
  const [customsErrors, setCustomsErrors] = useState<FieldErrors[]>([]);
  const [customsMissing, setCustomsMissing] = useState(false);
  const presetId = useId();
  const international = receiverCountry.trim().toUpperCase() !== 'US';

  const setPackage = (i: number, p: PackageDraft) => update({ packages: packages.map((x, j) => (j === i ? p : x)) });
  const next = () => {
    const found = packages.map(validatePackage);
    const foundCustoms = international ? customs.map(validateCustoms) : [];
    const missing = international && customs.length === 0;
    setErrors(found);
    setCustomsErrors(foundCustoms);
    setCustomsMissing(missing);
    const bad = [...found, ...foundCustoms].some((e) => Object.keys(e).length > 0);
    if (!bad && !missing) void navigate(WIZARD_STEPS[3].path);
  };

  return (
    <WizardFrame
      step={2}
      title="Package information"
      description="One or more packages going to the same receiver."
      onNext={next}
    >
      {presets.data && presets.data.length > 0 ? (
        <div className="grid gap-2 sm:max-w-sm">
          <Label htmlFor={presetId}>Add a saved package</Label>
          <Select
            value=""
            onValueChange={(id) => {
              const p = presets.data.find((x) => x.id === id);
              if (!p) return;
              const draft = packageDraft(p);
              // An untouched first package is replaced rather than kept empty.
              const untouched = packages.length === 1 && !packages[0]!.weight && !packages[0]!.length;
              update({ packages: untouched ? [draft] : [...packages, draft] });
            }}
          >
            <SelectTrigger id={presetId}>
              <SelectValue placeholder="Choose a preset" />
            </SelectTrigger>
            <SelectContent>
              {presets.data.map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {`${p.name} — ${p.dimension.length}×${p.dimension.width}×${p.dimension.height} ${p.dimension.unit}, ${p.weight} ${p.weightUnits}`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      <div className="grid gap-4">
        {packages.map((p, i) => (
          <PackageCard
            // Packages have no id of their own until bought; their position is their identity here.
            key={i}
            index={i}
            value={p}
            errors={errors[i] ?? {}}
            onChange={(next) => setPackage(i, next)}
            onRemove={packages.length > 1 ? () => update({ packages: packages.filter((_, j) => j !== i) }) : undefined}
          />
        ))}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          data-testid="add-package"
          disabled={packages.length >= 20}
          onClick={() => update({ packages: [...packages, EMPTY_PACKAGE] })}
        >
          <Plus aria-hidden="true" />
          Add another package
        </Button>
      </div>
      {international ? (
        <section className="grid gap-4" aria-labelledby="customs-title">
          <h2 id="customs-title" className="text-base font-semibold">
            Customs declaration
          </h2>
          <p className="text-sm text-muted-foreground">
            Shipping abroad: list what is inside (description, quantity, weight, HS code, value and country of origin).
          </p>
          {customs.map((c, i) => (
            <CustomsRow
              key={i}
              index={i}
              value={c}
              errors={customsErrors[i] ?? {}}
              onChange={(next) => update({ customs: customs.map((x, j) => (j === i ? next : x)) })}
              onRemove={() => update({ customs: customs.filter((_, j) => j !== i) })}
            />
          ))}
          {customsMissing ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              Customs lines are required for international shipments
            </p>
          ) : null}
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => update({ customs: [...customs, EMPTY_CUSTOMS] })}
          >
            <Plus aria-hidden="true" />
            Add customs line
          </Button>
        </section>
      ) : null}
    </WizardFrame>
  );
}
