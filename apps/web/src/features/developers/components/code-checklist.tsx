import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';

/**
 * A checklist of codes (an API key's scopes, a webhook's events): each code in monospace with what it means below,
 * the checked ones as the field's value, and the field's error under the list.
 */
export function CodeChecklist<T extends string>({
  legend,
  codes,
  labels,
  value,
  onChange,
  error,
  idPrefix,
}: {
  legend: string;
  codes: readonly T[];
  labels: Record<T, string>;
  value: readonly T[] | undefined;
  onChange: (next: T[]) => void;
  error?: string | undefined;
  /** Prefix of the checkboxes' ids and of the error line's. */
  idPrefix: string;
}) {
  const checkedCodes = value ?? [];
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {codes.map((code) => {
        const id = `${idPrefix}-${code.replace(/[^\w]/g, '-')}`;
        return (
          <div key={code} className="flex items-start gap-3">
            <Checkbox
              id={id}
              checked={checkedCodes.includes(code)}
              onCheckedChange={(v) =>
                onChange(v === true ? [...checkedCodes, code] : checkedCodes.filter((c) => c !== code))
              }
            />
            <Label htmlFor={id} className="grid gap-0.5 font-normal">
              <span className="font-mono text-xs font-semibold">{code}</span>
              <span className="text-muted-foreground">{labels[code]}</span>
            </Label>
          </div>
        );
      })}
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
