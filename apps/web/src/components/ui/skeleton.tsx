import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** `count` skeletons alike standing in for a list or a grid of cards while it loads. */
export function SkeletonList({
  count,
  className,
  itemClassName,
  label,
}: {
  count: number;
  /** The layout of the list it stands in for (its gap and columns). */
  className: string;
  itemClassName: string;
  /** What is loading, for screen readers. */
  label?: string;
}) {
  return (
    <div className={className} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}
