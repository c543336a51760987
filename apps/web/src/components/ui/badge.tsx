import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/utils';

/** Status badges always carry text, so colour is never the only signal (docs/design.md). */
export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        neutral: 'border-border bg-muted text-muted-foreground',
        primary: 'border-transparent bg-primary-soft text-primary',
        success: 'border-transparent bg-green-soft text-green-hover',
        warning: 'border-transparent bg-warning-soft text-warning',
        destructive: 'border-transparent bg-destructive-soft text-destructive',
        orange: 'border-transparent bg-orange-soft text-orange-hover',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

const STATUS_VARIANTS: Record<string, BadgeProps['variant']> = {
  active: 'success',
  approved: 'success',
  paid: 'success',
  succeeded: 'success',
  delivered: 'success',
  pending: 'warning',
  open: 'warning',
  inactive: 'neutral',
  none: 'neutral',
  expired: 'destructive',
  overdue: 'destructive',
  cancelled: 'destructive',
  failed: 'destructive',
  rejected: 'destructive',
};

/** A badge for a status value: colour from the value, text always shown (capitalised). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const text = status.replace(/[_-]+/g, ' ');
  return (
    <Badge variant={STATUS_VARIANTS[status.toLowerCase()] ?? 'neutral'} className={cn('capitalize', className)}>
      {text}
    </Badge>
  );
}
