import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Calculator } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { money, plural } from '../../../lib/format';
import { showError } from '../../../lib/toast';
import { useQuickQuote } from '../api/quick-quote';
import {
  QUICK_QUOTE_COUNTRIES,
  quickQuoteErrors,
  quickQuoteOffers,
  quickQuoteRequest,
  quickQuoteUrl,
  type QuickQuoteField,
  type QuickQuoteForm,
} from './quick-quote';

/**
 * From ZIP, to ZIP (or another country) and a weight in pounds: the cheapest and the fastest rate with what they
 * save against the carriers' list price, and "Ship this" opens the wizard with them and that service filled in.
 */
export function QuickQuoteCard() {
  const navigate = useNavigate();
  const countryId = useId();
  const [value, setValue] = useState<QuickQuoteForm>({ fromZip: '', toZip: '', weight: '', toCountry: 'US' });
  const [errors, setErrors] = useState<Partial<Record<QuickQuoteField, string>>>({});
  // The form the shown rates were asked for: "Ship this" carries those ZIPs, not what was typed since.
  const [asked, setAsked] = useState<QuickQuoteForm | null>(null);
  const quote = useQuickQuote();
  const abroad = value.toCountry !== 'US';

  const set = (field: QuickQuoteField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValue((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = quickQuoteErrors(value);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await quote.mutateAsync(quickQuoteRequest(value));
      setAsked(value);
    } catch (error) {
      showError(error);
    }
  };

  const offers = quote.data && asked ? quickQuoteOffers(quote.data) : null;

  return (
    <Card data-testid="quick-quote">
      <CardHeader>
        <CardTitle id="quick-quote-title" className="flex items-center gap-2">
          <Calculator aria-hidden="true" className="size-4 text-muted-foreground" />
          Quick quote
        </CardTitle>
        <CardDescription>Where from, where to and how heavy: the cheapest and the fastest rate.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="quick-quote-title" className="grid gap-4">
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
            <div className="grid gap-2">
              <Label htmlFor={countryId}>To country</Label>
              <Select
                value={value.toCountry ?? 'US'}
                onValueChange={(v) => setValue((old) => ({ ...old, toCountry: v }))}
              >
                <SelectTrigger id={countryId} data-testid="quick-quote-country">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {QUICK_QUOTE_COUNTRIES.map(([code, name]) => (
                    <SelectItem key={code} value={code}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <FormField label={abroad ? 'To postal code (optional)' : 'To ZIP'} error={errors.toZip}>
              <Input
                name="toZip"
                inputMode={abroad ? 'text' : 'numeric'}
                maxLength={10}
                value={value.toZip}
                onChange={set('toZip')}
                data-testid="quick-quote-to"
              />
            </FormField>
            <FormField label="Weight (lb)" error={errors.weight}>
              <Input
                name="weight"
                inputMode="decimal"
                value={value.weight}
                onChange={set('weight')}
                data-testid="quick-quote-weight"
              />
            </FormField>
          </div>
          <Button
            type="submit"
            variant="orange"
            className="justify-self-start"
            loading={quote.isPending}
            data-testid="quick-quote-submit"
          >
            Get rates
          </Button>
        </form>
        {offers && asked ? (
          offers.length === 0 ? (
            <p className="text-sm text-muted-foreground" role="status">
              No carrier rate fits this parcel. Create the shipment to ask us for a custom quote.
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Quick quote rates" role="status">
              {offers.map(({ title, rate }) => (
                <li
                  key={title}
                  className="grid content-start gap-1 rounded-lg border p-3 text-sm"
                  data-testid="quick-quote-offer"
                >
                  <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</span>
                  <span className="font-medium">
                    {rate.service.startsWith(rate.carrier) ? rate.service : `${rate.carrier} · ${rate.service}`}
                  </span>
                  <span className="flex flex-wrap items-baseline gap-2">
                    <span className="text-lg font-semibold" data-testid="quick-quote-price">
                      {money(rate.priceCents)}
                    </span>
                    {rate.savingCents > 0 ? (
                      <span className="text-muted-foreground line-through">{money(rate.retailCents)}</span>
                    ) : null}
                  </span>
                  {rate.savingCents > 0 ? (
                    <span className="text-green-hover">{`Save ${money(rate.savingCents)} (${rate.savingPercent}%)`}</span>
                  ) : null}
                  <span className="text-muted-foreground">{`${plural(rate.transitDays, 'business day')} in transit`}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-1 justify-self-start"
                    aria-label={`Ship this: ${rate.carrier} ${rate.service}`}
                    onClick={() => void navigate(quickQuoteUrl(asked, rate))}
                    data-testid="quick-quote-ship"
                  >
                    Ship this
                  </Button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
