import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';

/** A card's heading with its icon in front, and the line under it. */
export function IconCardHeader({
  icon: Icon,
  title,
  description,
  className,
  iconClassName,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** Of the title (e.g. red for closing the account). */
  className?: string;
  iconClassName?: string;
}) {
  return (
    <CardHeader>
      <CardTitle className={cn('flex items-center gap-2', className)}>
        <Icon aria-hidden="true" className={cn('size-5', iconClassName)} /> {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}

/**
 * An account page before its data is there: two skeleton blocks while it loads, then the failure with Try again.
 * Render it while the query is pending or failed.
 */
export function AccountPageState({
  query,
  loadingLabel,
  failure,
  skeletons,
}: {
  query: { isPending: boolean; refetch: () => unknown };
  loadingLabel: string;
  failure: string;
  /** The heights of the two blocks standing in for the page's first cards. */
  skeletons: [string, string];
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label={loadingLabel}>
        <Skeleton className={skeletons[0]} />
        <Skeleton className={skeletons[1]} />
      </div>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 py-6">
        <p role="alert">{failure}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}
