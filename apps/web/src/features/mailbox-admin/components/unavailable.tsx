import { AlertTriangle } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { LinkButton } from '../../../components/ui/link-button';

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
        <LinkButton to={back} variant="outline">
          {backLabel}
        </LinkButton>
      }
    />
  );
}
