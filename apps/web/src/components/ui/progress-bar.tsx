import { cn } from '../../lib/utils';

/** A thin determinate progress bar (0 to 100) on a muted track, e.g. an upload's progress. */
export function ProgressBar({
  value,
  label,
  fillClassName,
}: {
  /** Percent done, 0 to 100. */
  value: number;
  /** The bar's accessible name. */
  label: string;
  /** Of the filled part, e.g. another colour (primary by default). */
  fillClassName?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div className={cn('h-full bg-primary transition-[width]', fillClassName)} style={{ width: `${value}%` }} />
    </div>
  );
}
