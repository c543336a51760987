import type { LucideIcon } from 'lucide-react';
import { errorText } from '../../lib/toast';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** A list or section whose data could not load: what failed, the reason, and Try again (loads it again). */
export function QueryErrorState({
  query,
  title,
  icon,
  retrySize,
}: {
  query: { error: unknown; refetch: () => unknown };
  /** What failed, e.g. "Could not load the plans". */
  title: string;
  icon?: LucideIcon;
  retrySize?: 'sm';
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={errorText(query.error)}
      action={
        <Button variant="outline" size={retrySize} onClick={() => void query.refetch()}>
          Try again
        </Button>
      }
    />
  );
}
