import { useId } from 'react';
import { Switch } from 'radix-ui';
import { Info } from 'lucide-react';
import { Tooltip, TooltipProvider } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';

export interface ToggleFieldProps {
  label: string;
  tooltip: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  'data-testid'?: string;
}

/** A labelled on/off switch with an info tooltip (spec 2.7 toggles); the tooltip text is also read out. */
export function ToggleField({ label, tooltip, checked, onCheckedChange, ...rest }: ToggleFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border bg-surface px-4 py-3">
      <div className="flex min-w-0 items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <TooltipProvider delayDuration={150}>
          <Tooltip content={tooltip} side="top" className="max-w-64">
            <button
              type="button"
              aria-label={`About: ${label}`}
              className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Info aria-hidden="true" className="size-4" />
            </button>
          </Tooltip>
        </TooltipProvider>
        <span id={hintId} className="sr-only">
          {tooltip}
        </span>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={hintId}
        data-testid={rest['data-testid']}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        )}
      >
        <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
    </div>
  );
}
