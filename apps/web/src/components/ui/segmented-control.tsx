import { cn } from '../../lib/utils';

/**
 * A row of pill buttons on a muted track, one of them chosen (e.g. Monthly / Annual). The container's layout
 * (centring, wrapping) comes from `className`; `itemClassName` can widen the pills.
 */
export function SegmentedControl<T extends string>({
  role,
  label,
  options,
  value,
  onChange,
  className,
  itemClassName,
}: {
  /** How the choices are announced: as the radios of a radio group, or as the tabs of a tab list. */
  role: 'radio' | 'tab';
  /** The group's accessible name. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <div
      role={role === 'radio' ? 'radiogroup' : 'tablist'}
      aria-label={label}
      className={cn('rounded-full border bg-muted p-1', className)}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role={role}
          aria-checked={role === 'radio' ? value === option.value : undefined}
          aria-selected={role === 'tab' ? value === option.value : undefined}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-full px-4 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            value === option.value ? 'bg-primary text-primary-foreground shadow-sm' : 'text-muted-foreground',
            itemClassName,
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
