import { AlertTriangle } from 'lucide-react';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/toast';
import { BackLink } from './back-link';
import { Button } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';

export interface DetailQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A detail or edit page before its record is there: skeletons while it loads; once it failed, "{Noun} not found"
 * (a 404) or "Could not load this {noun}" with the reason and Try again. The Back link stays on top in both.
 */
export function DetailState({
  query,
  noun,
  back,
}: {
  query: DetailQuery;
  /** What the page shows, in lower case ("invoice"). */
  noun: string;
  back: { to: string; label: string };
}) {
  const backLink = <BackLink to={back.to}>{back.label}</BackLink>;
  if (query.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true" aria-label={`Loading ${noun}`}>
        {backLink}
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full rounded-card" />
      </div>
    );
  }
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="grid gap-6">
      {backLink}
      <Card>
        <EmptyState
          icon={AlertTriangle}
          title={missing ? `${noun[0]!.toUpperCase()}${noun.slice(1)} not found` : `Could not load this ${noun}`}
          description={errorText(query.error)}
          action={
            missing ? undefined : (
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </Card>
    </div>
  );
}
