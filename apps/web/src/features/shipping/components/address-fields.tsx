import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { AddressDraft } from '../stores/create-shipment-store';

export type FieldErrors = Partial<Record<string, string>>;

const FIELDS: { key: keyof AddressDraft; label: string; autoComplete: string; wide?: boolean; optional?: boolean }[] = [
  { key: 'name', label: 'Full name', autoComplete: 'name' },
  { key: 'companyName', label: 'Company', autoComplete: 'organization', optional: true },
  { key: 'line1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
  { key: 'line2', label: 'Address line 2', autoComplete: 'address-line2', wide: true, optional: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zipCode', label: 'ZIP / postal code', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country (2 letters)', autoComplete: 'country' },
  { key: 'phone', label: 'Phone', autoComplete: 'tel', optional: true },
  { key: 'email', label: 'E-mail', autoComplete: 'email', optional: true },
];

/** The address form of the wizard and the address list; errors are the shared schema's messages. */
export function AddressFields({
  value,
  onChange,
  errors,
  testIdPrefix,
}: {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  errors: FieldErrors;
  testIdPrefix: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((f) => (
        <FormField
          key={f.key}
          label={f.optional ? `${f.label} (optional)` : f.label}
          error={errors[f.key]}
          className={f.wide ? 'sm:col-span-2' : undefined}
        >
          <Input
            value={value[f.key]}
            autoComplete={f.autoComplete}
            data-testid={`${testIdPrefix}-${f.key}`}
            onChange={(e) => onChange({ ...value, [f.key]: e.target.value })}
          />
        </FormField>
      ))}
    </div>
  );
}
