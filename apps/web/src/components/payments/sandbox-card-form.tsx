import { useState, type FormEvent, type ReactNode } from 'react';
import { cardBrand, parseExpiry, sandboxCardSchema } from '@postwise/shared/schemas/billing';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

interface Values {
  number: string;
  expiry: string;
  cvc: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** Groups digits as a card shows them: 4-4-4-4 (amex 4-6-5). */
function formatNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  if (cardBrand(digits) === 'amex')
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(raw: string, previous: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return raw.length < previous.length ? digits : digits.length === 2 ? `${digits} / ` : digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/**
 * The embedded default's card form (the sandbox stands in for Stripe): number with a Luhn check, expiry and
 * CVC, validated with the shared schema before anything is sent. Stripe's test numbers behave as in Stripe.
 */
export function SandboxCardForm({
  formId,
  onSubmit,
  disabled,
  children,
}: {
  formId: string;
  onSubmit: (card: SandboxCard) => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const [values, setValues] = useState<Values>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = (v: Values): { errors: Errors; card?: SandboxCard } => {
    const expiry = parseExpiry(v.expiry);
    if (!expiry) {
      const numberCheck = sandboxCardSchema().safeParse({ number: v.number, expMonth: 1, expYear: 2100, cvc: v.cvc });
      const errs: Errors = {
        expiry: v.expiry.trim() ? "Your card's expiration date is invalid." : 'Expiry date is required',
      };
      for (const issue of numberCheck.error?.issues ?? []) {
        const key = issue.path[0] === 'number' ? 'number' : issue.path[0] === 'cvc' ? 'cvc' : undefined;
        if (key) errs[key] ??= issue.message;
      }
      return { errors: errs };
    }
    const parsed = sandboxCardSchema().safeParse({ number: v.number, cvc: v.cvc, ...expiry });
    if (parsed.success) return { errors: {}, card: parsed.data };
    const errs: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const key = field === 'number' ? 'number' : field === 'cvc' ? 'cvc' : 'expiry';
      errs[key] ??= issue.message;
    }
    return { errors: errs };
  };

  const change = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Spec 5: forms validate on submit and re-validate on change.
    if (submitted) setErrors(validate(next).errors);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    setErrors(result.errors);
    if (result.card) onSubmit(result.card);
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="grid gap-4" data-testid="sandbox-card-form">
      <FormField id="card-number" label="Card number" error={errors.number}>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={values.number}
          disabled={disabled}
          onChange={(e) => change('number', formatNumber(e.target.value))}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="card-expiry" label="Expiry (MM / YY)" error={errors.expiry}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={values.expiry}
            disabled={disabled}
            onChange={(e) => change('expiry', formatExpiry(e.target.value, values.expiry))}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC" error={errors.cvc}>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={values.cvc}
            disabled={disabled}
            onChange={(e) => change('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </FormField>
      </div>
      {children}
    </form>
  );
}
