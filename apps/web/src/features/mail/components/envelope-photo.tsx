import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { MAIL_PHOTO_THUMBNAIL_WIDTHS } from '@postwise/shared/mail';
import type { MailItem } from '@postwise/shared/mail-api';
import { Skeleton } from '../../../components/ui/skeleton';
import { protectedFileUrl, useProtectedObjectUrl } from '../../../lib/protected-file';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { cn } from '../../../lib/utils';
import { KIND_ICONS, kindLabel } from './mail-status';

type PhotoItem = Pick<MailItem, 'photoUrls' | 'kind' | 'sender'> & Partial<Pick<MailItem, 'photoThumbnailUrls'>>;

/** The `srcset` of a photo's WebP thumbnails, from its signed link (the browser picks the width it needs). */
export function thumbnailSrcSet(link: string): { src: string; srcSet: string } {
  const base = protectedFileUrl(link);
  return {
    src: `${base}&width=320`,
    srcSet: MAIL_PHOTO_THUMBNAIL_WIDTHS.map((width) => `${base}&width=${width} ${width}w`).join(', '),
  };
}

function NoPhoto({
  item,
  failed,
  large,
  className,
}: {
  item: PhotoItem;
  failed: boolean;
  large: boolean;
  className?: string;
}) {
  const Icon = KIND_ICONS[item.kind];
  return (
    <div
      className={cn('flex items-center justify-center rounded-md bg-muted text-muted-foreground', className)}
      role="img"
      aria-label={
        failed ? `Photo of the item from ${item.sender} could not be loaded` : `No photo: ${kindLabel(item.kind)}`
      }
    >
      {failed ? (
        <ImageOff aria-hidden="true" className="size-5" />
      ) : (
        <Icon aria-hidden="true" className={large ? 'size-12' : 'size-6'} />
      )}
    </div>
  );
}

/**
 * The envelope (or label) photo the store took, as a sized WebP thumbnail: `srcset` lists every width and
 * `sizes` says how wide the box is, so a phone's list row loads a 160 px image and the opened item a 640 px one;
 * the original is fetched only when the person opens it. The kind's icon when there is no photo.
 */
export function EnvelopePhoto({
  item,
  index = 0,
  className,
  large = false,
  sizes,
}: {
  item: PhotoItem;
  index?: number;
  className?: string;
  large?: boolean;
  /** The `sizes` of the image: how wide it shows at each screen width. */
  sizes: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const thumbnail = item.photoThumbnailUrls?.[index];
  const alt = `${index === 0 ? 'Front' : 'Back'} of the ${kindLabel(item.kind).toLowerCase()} from ${item.sender}`;
  if (!item.photoUrls[index]) return <NoPhoto item={item} failed={false} large={large} className={className} />;
  if (!thumbnail) {
    return <OriginalPhoto item={item} index={index} className={className} large={large} alt={alt} />;
  }
  if (failed === thumbnail) return <NoPhoto item={item} failed large={large} className={className} />;
  return <Thumbnail thumbnail={thumbnail} sizes={sizes} alt={alt} className={className} onError={setFailed} />;
}

/**
 * A sized thumbnail, asked for only once its place is near the screen: the browser's own `loading="lazy"` fetches
 * every image within a screen or two at once, so a first page of mail would fetch photos nobody has scrolled to.
 */
function Thumbnail({
  thumbnail,
  sizes,
  alt,
  className,
  onError,
}: {
  thumbnail: string;
  sizes: string;
  alt: string;
  className?: string;
  onError: (thumbnail: string) => void;
}) {
  const [ref, near] = useNearViewport<HTMLDivElement>('0px');
  if (!near) {
    return <Skeleton ref={ref} className={cn('rounded-md', className)} data-testid="envelope-photo-pending" />;
  }
  const { src, srcSet } = thumbnailSrcSet(thumbnail);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      decoding="async"
      onError={() => onError(thumbnail)}
      className={cn('rounded-md bg-muted object-cover', className)}
      data-testid="envelope-photo"
    />
  );
}

/** An item answered without thumbnail links: the photo itself, fetched with the session once near the screen. */
function OriginalPhoto({
  item,
  index,
  className,
  large,
  alt,
}: {
  item: PhotoItem;
  index: number;
  className?: string;
  large: boolean;
  alt: string;
}) {
  const path = item.photoUrls[index];
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const { url, isLoading, isError } = useProtectedObjectUrl(near ? path : null);
  if (path && (!near || isLoading)) return <Skeleton ref={ref} className={cn('rounded-md', className)} />;
  if (!path || isError || !url) return <NoPhoto item={item} failed={isError} large={large} className={className} />;
  return <img src={url} alt={alt} className={cn('rounded-md bg-muted object-cover', className)} />;
}
