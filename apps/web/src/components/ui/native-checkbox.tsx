import type { ComponentProps } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../lib/utils';

/**
 * The look of ui/checkbox.tsx on a native `<input type="checkbox">`, for the public forms: Radix Checkbox (about
 * 4.5 KB brotli) stays with the signed-in screens (docs/benchmarks.md, "Public pages"). Same size, border, focus
 * ring, checked colours and check mark; the input keeps its native role, label association and keyboard use.
 * No indeterminate state: use ui/checkbox.tsx for that. `className` goes on the wrapper (placement, margins).
 * The arbitrary [appearance:none] and a centring wrapper use no class group that the cut-down tailwind-merge of
 * cn (lib/tailwind-merge-config.ts, in every page's entry chunk) would have to learn.
 */
export function NativeCheckbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('relative inline-flex size-5 shrink-0 items-center justify-center', className)}>
      <input
        type="checkbox"
        className={cn(
          'peer size-5 shrink-0 [appearance:none] rounded-md border border-input bg-background shadow-xs transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          'checked:border-primary checked:bg-primary',
        )}
        {...props}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute hidden size-3.5 text-primary-foreground peer-checked:block"
      />
    </span>
  );
}
