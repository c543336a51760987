import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/** What the operator opened is not there (it failed to load, or there is nothing to do): why, and the way back. */
export function Unavailable({
  title,
  text,
  back,
  backLabel = 'Back',
}: {
  title: string;
  text: string;
  back: string;
  backLabel?: string;
}) {
  return (
    <EmptyState
      icon={AlertTriangle}
      title={title}
      description={text}
      action={
        <Button asChild variant="outline">
          <Link to={back}>{backLabel}</Link>
        </Button>
      }
    />
  );
}
