import { useState } from 'react';
import { AlertTriangle, FileText } from 'lucide-react';
import { MAIL_REQUEST_TYPE_LABELS } from '@postwise/shared/mail';
import type { MailItem } from '@postwise/shared/mail-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { dateTime, shortDate } from '../../../lib/format';
import { openProtectedFile } from '../../../lib/protected-file';
import { showError } from '../../../lib/toast';
import { useMailItem } from '../api/mail-items';
import { EnvelopePhoto } from './envelope-photo';
import { ItemActions } from './item-actions';
import { RequestTimeline } from './request-timeline';
import { kindLabel, MailStatusBadge, StorageFee } from './mail-status';

const REQUEST_STATUS_TEXT: Record<string, string> = {
  requested: 'waiting for the store',
  in_progress: 'in progress at the store',
  quote_pending: 'new quote waiting for your approval',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** One item opened: the photo large, the details, the contents PDF once scanned, and the actions. */
export function ItemDetailDialog({ itemId, onClose }: { itemId: string | null; onClose: () => void }) {
  const query = useMailItem(itemId ?? undefined);
  const [side, setSide] = useState(0);
  const item = query.data;
  return (
    <Dialog open={itemId !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-3xl" data-testid="item-detail">
        {query.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            <DialogTitle className="sr-only">Loading the item</DialogTitle>
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-64" />
          </div>
        ) : query.isError || !item ? (
          <div className="grid gap-3">
            <DialogTitle>Item not available</DialogTitle>
            <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
              <AlertTriangle aria-hidden="true" className="size-4" />
              {query.error?.message ?? 'This item could not be loaded.'}
            </p>
          </div>
        ) : (
          <ItemDetail item={item} side={side} setSide={setSide} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ItemDetail({
  item,
  side,
  setSide,
  onClose,
}: {
  item: MailItem;
  side: number;
  setSide: (n: number) => void;
  onClose: () => void;
}) {
  const [opening, setOpening] = useState(false);
  const [openingPhoto, setOpeningPhoto] = useState(false);
  // The full-size photo, only when asked for (the dialog shows a thumbnail).
  const openPhoto = async () => {
    const path = item.photoUrls[side];
    if (!path) return;
    setOpeningPhoto(true);
    try {
      await openProtectedFile(path);
    } catch (error) {
      showError(error);
    } finally {
      setOpeningPhoto(false);
    }
  };
  const requestId = item.openRequest?.id ?? item.lastRequest?.id ?? null;
  const openScan = async () => {
    if (!item.scanUrl) return;
    setOpening(true);
    try {
      await openProtectedFile(item.scanUrl);
    } catch (error) {
      showError(error);
    } finally {
      setOpening(false);
    }
  };
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle data-testid="item-detail-sender">{item.sender}</DialogTitle>
        <DialogDescription>
          {kindLabel(item.kind)} · received {dateTime(item.receivedAt)} · item #{item.number}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-5 md:grid-cols-[1.4fr_1fr]">
        <div className="grid gap-2">
          <EnvelopePhoto
            item={item}
            index={side}
            large
            sizes="(min-width: 768px) 28rem, 100vw"
            className="aspect-[3/2] w-full object-contain"
          />
          {item.photoUrls.length > 0 ? (
            <Button
              variant="link"
              size="sm"
              className="justify-self-start px-0"
              loading={openingPhoto}
              onClick={() => void openPhoto()}
              data-testid="open-original-photo"
            >
              Open the original photo
            </Button>
          ) : null}
          {item.photoUrls.length > 1 ? (
            <div className="flex gap-2" role="group" aria-label="Photo side">
              {item.photoUrls.map((_, i) => (
                <Button
                  key={i}
                  size="sm"
                  variant={side === i ? 'default' : 'outline'}
                  aria-pressed={side === i}
                  onClick={() => setSide(i)}
                >
                  {i === 0 ? 'Front' : 'Back'}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
        <div className="grid content-start gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <MailStatusBadge status={item.status} />
            {item.openRequest ? (
              <Badge variant="warning" data-testid="open-request">
                {MAIL_REQUEST_TYPE_LABELS[item.openRequest.type]}: {REQUEST_STATUS_TEXT[item.openRequest.status]}
              </Badge>
            ) : null}
          </div>
          <StorageFee item={item} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Mailbox</dt>
            <dd>{item.pmb}</dd>
            <dt className="text-muted-foreground">Free until</dt>
            <dd>{shortDate(item.freeUntil)}</dd>
            {item.carrier ? (
              <>
                <dt className="text-muted-foreground">Carrier</dt>
                <dd>
                  {item.carrier}
                  {item.trackingNumber ? ` · ${item.trackingNumber}` : ''}
                </dd>
              </>
            ) : null}
            {item.weightLb !== null ? (
              <>
                <dt className="text-muted-foreground">Weight</dt>
                <dd>{item.weightLb} lb</dd>
              </>
            ) : null}
            {item.dimensions ? (
              <>
                <dt className="text-muted-foreground">Size</dt>
                <dd>
                  {item.dimensions.lengthIn} × {item.dimensions.widthIn} × {item.dimensions.heightIn} in
                </dd>
              </>
            ) : null}
            {item.rule ? (
              <>
                <dt className="text-muted-foreground">Rule</dt>
                <dd data-testid="item-rule">Your rule “{item.rule.name}” acted on it</dd>
              </>
            ) : null}
            {item.purgeAt ? (
              <>
                <dt className="text-muted-foreground">Deleted on</dt>
                <dd>{shortDate(item.purgeAt)}</dd>
              </>
            ) : null}
          </dl>
          {item.message ? (
            <p className="rounded-card bg-muted p-3 text-sm">
              <span className="font-semibold">From the store: </span>
              {item.message}
            </p>
          ) : null}
          {item.scanUrl ? (
            <Button variant="outline" loading={opening} onClick={() => void openScan()} data-testid="open-scan">
              <FileText aria-hidden="true" />
              Open contents (PDF)
            </Button>
          ) : null}
        </div>
      </div>
      {requestId ? <RequestTimeline requestId={requestId} /> : null}
      <ItemActions item={item} onDone={onClose} />
    </div>
  );
}
