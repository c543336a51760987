import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from './button';

/**
 * A small ghost button showing only its icon (a table row's Edit, Delete, Move up): `label` is its accessible
 * name, `title` the tooltip where one is wanted.
 */
export function IconButton({
  icon: Icon,
  label,
  className,
  ...props
}: Omit<ButtonProps, 'children' | 'variant' | 'size' | 'aria-label' | 'asChild'> & {
  icon: LucideIcon;
  label: string;
}) {
  return (
    <Button variant="ghost" size="icon" className={cn('size-8', className)} aria-label={label} {...props}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
