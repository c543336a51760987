import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';

/**
 * A checklist of codes (an API key's scopes, a webhook's events): each code in monospace with what it means below,
 * the checked ones as the value of the form's field `name`, and the field's error under the list.
 */
export function CodeChecklist<T extends string, F extends FieldValues, Out>({
  control,
  name,
  legend,
  codes,
  labels,
  idPrefix,
}: {
  control: Control<F, unknown, Out>;
  /** The form field holding the checked codes. */
  name: Path<F>;
  legend: string;
  codes: readonly T[];
  labels: Record<T, string>;
  /** Prefix of the checkboxes' ids and of the error line's. */
  idPrefix: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const checkedCodes = (field.value as readonly T[] | undefined) ?? [];
  const onChange = field.onChange as (next: T[]) => void;
  const error = fieldState.error?.message;
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
