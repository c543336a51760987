import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './button';

/**
 * A link that looks like a button (Add …, Schedule pickup, the way back from a tool), with its icon before the
 * text; the other props (data-testid, aria-label) go to the link.
 */
export function LinkButton({
  to,
  icon: Icon,
  variant,
  size,
  className,
  children,
  ...linkProps
}: {
  to: string;
  icon?: LucideIcon;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  children: ReactNode;
} & Omit<ComponentProps<typeof Link>, 'to' | 'className' | 'children'>) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to={to} {...linkProps}>
        {Icon ? <Icon aria-hidden="true" /> : null}
        {children}
      </Link>
    </Button>
  );
}

/** A link drawn as an IconButton: the icon alone, named by `label` (a row's View or Details). */
export function IconLink({
  to,
  icon: Icon,
  label,
  ...linkProps
}: {
  to: string;
  icon: LucideIcon;
  label: string;
} & Omit<ComponentProps<typeof Link>, 'to' | 'className' | 'children' | 'aria-label'>) {
  return (
    <Button asChild variant="ghost" size="icon" className="size-8">
      <Link to={to} aria-label={label} {...linkProps}>
        <Icon aria-hidden="true" />
      </Link>
    </Button>
  );
}
