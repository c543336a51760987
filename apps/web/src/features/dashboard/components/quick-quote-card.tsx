import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Calculator } from 'lucide-react';
import type { QuickQuoteInput } from '@postwise/shared/schemas/shipping';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { quickQuoteErrors, quickQuoteUrl, type QuickQuoteField } from './quick-quote';

/** From ZIP, to ZIP and a weight in pounds: the quickest way into the create-shipment wizard. */
export function QuickQuoteCard() {
  const navigate = useNavigate();
  const [value, setValue] = useState<QuickQuoteInput>({ fromZip: '', toZip: '', weight: '' });
  const [errors, setErrors] = useState<Partial<Record<QuickQuoteField, string>>>({});

  const set = (field: QuickQuoteField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValue((v) => ({ ...v, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = quickQuoteErrors(value);
    setErrors(found);
    if (Object.keys(found).length === 0) void navigate(quickQuoteUrl(value));
  };

  return (
    <Card data-testid="quick-quote">
      <CardHeader>
        <CardTitle id="quick-quote-title" className="flex items-center gap-2">
          <Calculator aria-hidden="true" className="size-4 text-muted-foreground" />
          Quick quote
        </CardTitle>
        <CardDescription>Where from, where to and how heavy: we open the shipment with them filled in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-labelledby="quick-quote-title" className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="From ZIP" error={errors.fromZip}>
              <Input
                name="fromZip"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={10}
                value={value.fromZip}
                onChange={set('fromZip')}
                data-testid="quick-quote-from"
              />
            </FormField>
            <FormField label="To ZIP" error={errors.toZip}>
              <Input
                name="toZip"
                inputMode="numeric"
                maxLength={10}
                value={value.toZip}
                onChange={set('toZip')}
                data-testid="quick-quote-to"
              />
            </FormField>
          </div>
          <FormField label="Weight (lb)" error={errors.weight}>
            <Input
              name="weight"
              inputMode="decimal"
              value={value.weight}
              onChange={set('weight')}
              data-testid="quick-quote-weight"
            />
          </FormField>
          <Button type="submit" variant="orange" className="justify-self-start" data-testid="quick-quote-submit">
            Get rates
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
