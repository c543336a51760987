import { ImageOff } from 'lucide-react';
import type { MailItem } from '@postwise/shared/mail-api';
import { Skeleton } from '../../../components/ui/skeleton';
import { useProtectedObjectUrl } from '../../../lib/protected-file';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { cn } from '../../../lib/utils';
import { KIND_ICONS, kindLabel } from './mail-status';

/**
 * The envelope (or label) photo the store took, fetched with the session once it is near the screen (a list's
 * photos below the fold wait for a scroll); the kind's icon when there is none.
 */
export function EnvelopePhoto({
  item,
  index = 0,
  className,
  large = false,
}: {
  item: Pick<MailItem, 'photoUrls' | 'kind' | 'sender'>;
  index?: number;
  className?: string;
  large?: boolean;
}) {
  const path = item.photoUrls[index];
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const { url, isLoading, isError } = useProtectedObjectUrl(near ? path : null);
  const Icon = KIND_ICONS[item.kind];
  const alt = `${index === 0 ? 'Front' : 'Back'} of the ${kindLabel(item.kind).toLowerCase()} from ${item.sender}`;
  if (path && (!near || isLoading)) return <Skeleton ref={ref} className={cn('rounded-md', className)} />;
  if (!path || isError || !url) {
    return (
      <div
        className={cn('flex items-center justify-center rounded-md bg-muted text-muted-foreground', className)}
        role="img"
        aria-label={
          isError ? `Photo of the item from ${item.sender} could not be loaded` : `No photo: ${kindLabel(item.kind)}`
        }
      >
        {isError ? (
          <ImageOff aria-hidden="true" className="size-5" />
        ) : (
          <Icon aria-hidden="true" className={large ? 'size-12' : 'size-6'} />
        )}
      </div>
    );
  }
  return <img src={url} alt={alt} className={cn('rounded-md bg-muted object-cover', className)} />;
}
