import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Text } from './text';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** The page's primary action, placed on the right. */
  actions?: ReactNode;
  className?: string;
}

/** Title, short description and the primary action on the right (docs/design.md, App screens). */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="grid gap-1">
        <Text variant="h3" as="h1" data-testid="page-title">
          {title}
        </Text>
        {description ? (
          <Text variant="body-small" tone="muted">
            {description}
          </Text>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** A screen: its PageHeader, then its content, spaced as every app screen is. */
export function PageWithHeader({ children, ...header }: PageHeaderProps & { children: ReactNode }) {
  return (
    <div className="grid gap-6">
      <PageHeader {...header} />
      {children}
    </div>
  );
}
