import { useId, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useCustomerPicker } from '../api/shipping-config-api';

/** A customer searched by name or e-mail, then chosen from the matches (first 20). */
export function CustomerPicker({
  value,
  onChange,
  error,
  testId = 'customer-picker',
}: {
  value: string | null;
  onChange: (id: string, label: string) => void;
  error?: string | undefined;
  testId?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const customers = useCustomerPicker(search.trim());
  const items = customers.data ?? [];
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-search`}>Customer</Label>
      <Input
        id={`${id}-search`}
        type="search"
        placeholder="Search by name or e-mail"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid={`${testId}-search`}
      />
      <Select
        value={value ?? ''}
        onValueChange={(v) => {
          const c = items.find((i) => i.id === v);
          onChange(v, c ? `${c.fullName} (${c.email})` : v);
        }}
      >
        <SelectTrigger
          aria-label="Choose the customer"
          aria-invalid={error ? true : undefined}
          data-testid={testId}
          disabled={customers.isPending}
        >
          <SelectValue placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'} />
        </SelectTrigger>
        <SelectContent>
          {items.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">No customer matches</p>
          ) : (
            items.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {`${c.fullName} · ${c.email}`}
              </SelectItem>
            ))
          )}
        </SelectContent>
      </Select>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}
