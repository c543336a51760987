import { useState } from 'react';
import { AlertTriangle, Copy, FileText, SearchCheck } from 'lucide-react';
import { MAIL_REQUEST_TYPE_LABELS } from '@postwise/shared/mail';
import type { MailItem } from '@postwise/shared/mail-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { dateTime, shortDate } from '../../../lib/format';
import { openProtectedFile } from '../../../lib/protected-file';
import { showError, showSuccess } from '../../../lib/toast';
import { useMailItem } from '../api/mail-items';
import { EnvelopePhoto, thumbnailSrcSet } from './envelope-photo';
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
          {item.scanPreviewUrl ? <ScanPreview link={item.scanPreviewUrl} onOpen={() => void openScan()} /> : null}
          {item.scanUrl ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="outline" loading={opening} onClick={() => void openScan()} data-testid="open-scan">
                <FileText aria-hidden="true" />
                Open contents (PDF)
              </Button>
              {item.searchable.scan ? (
                <Badge variant="success" data-testid="scan-searchable" title="Find this letter by a word inside it">
                  <SearchCheck aria-hidden="true" className="size-3.5" />
                  Searchable
                </Badge>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {item.recognisedText?.scan ? (
        <RecognisedText title="Text of the scan" text={item.recognisedText.scan} testId="scan-text" />
      ) : null}
      {item.recognisedText?.envelope ? (
        <RecognisedText title="Text on the envelope" text={item.recognisedText.envelope} testId="envelope-text" />
      ) : null}
      {requestId ? <RequestTimeline requestId={requestId} /> : null}
      <ItemActions item={item} onDone={onClose} />
    </div>
  );
}

/**
 * The scan's first page as a sized WebP picture (the PDF itself is fetched only when opened); choosing it opens
 * the PDF. Hidden if the picture cannot be loaded: the Open button below still works.
 */
function ScanPreview({ link, onOpen }: { link: string; onOpen: () => void }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const { src, srcSet } = thumbnailSrcSet(link);
  return (
    <button
      type="button"
      onClick={onOpen}
      className="w-40 overflow-hidden rounded-md border bg-white shadow-sm transition hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      aria-label="Open the contents (PDF): first page"
      data-testid="scan-preview"
    >
      <img
        src={src}
        srcSet={srcSet}
        sizes="160px"
        alt="First page of the scanned contents"
        decoding="async"
        width={160}
        height={207}
        className="h-auto w-full"
        onError={() => setFailed(true)}
      />
    </button>
  );
}

/** Text read from the scan or the envelope, as read (selectable), with a Copy button. */
function RecognisedText({ title, text, testId }: { title: string; text: string; testId: string }) {
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => showSuccess('Text copied'),
      () => showError('Could not copy the text'),
    );
  return (
    <section className="grid gap-2" aria-label={title} data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <Button size="sm" variant="outline" onClick={() => void copy()} data-testid={`${testId}-copy`}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <pre className="max-h-48 overflow-auto rounded-card bg-muted p-3 font-sans text-sm whitespace-pre-wrap break-words select-text">
        {text}
      </pre>
    </section>
  );
}
