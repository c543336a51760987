import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Archive,
  ArchiveRestore,
  Ban,
  CheckCircle2,
  Hand,
  KeyRound,
  Recycle,
  ScanLine,
  Scissors,
  Trash2,
  Truck,
} from 'lucide-react';
import {
  canCancelRequest,
  isFinalStatus,
  requestAllowed,
  type MailRequestStatus,
  type MailRequestType,
} from '@postwise/shared/mail';
import type { MailItem } from '@postwise/shared/mail-api';
import { ERROR_CODES } from '@postwise/shared/api-types';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { money } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import {
  useApproveQuote,
  useCancelMailRequest,
  useCreateMailRequest,
  useMailRequest,
  useMoveItems,
  useReissuePasscode,
  useScansLeft,
  type FolderAction,
} from '../api/mail-items';
import { ScanPackageDialog } from './scan-package-dialog';

export const MAIL_TOASTS = {
  scan: 'Scan requested: we will let you know when it is ready.',
  pickup: 'Held for pickup.',
  shred: 'Shred requested.',
  junk: 'Marked as junk: it will be recycled.',
  cancelled: 'Request cancelled.',
  quoteApproved: 'New quote approved: your forward is on its way.',
  archive: 'Moved to the archive.',
  trash: 'Moved to the trash.',
  restore: 'Restored to the inbox.',
} as const;

const OPEN_PICKUP: readonly MailRequestStatus[] = ['requested', 'in_progress'];

type ConfirmKind = 'scan' | 'shred' | 'junk' | null;

/**
 * The actions of one mail item as clear buttons (docs/design.md): Open & scan, Forward, Hold for pickup, Shred,
 * Junk, and the folder moves. Only what the item's state allows is offered; the API enforces the same rules.
 */
export function ItemActions({ item, onDone }: { item: MailItem; onDone?: () => void }) {
  const navigate = useNavigate();
  const junkAlwaysId = useId();
  const create = useCreateMailRequest();
  const cancel = useCancelMailRequest();
  const approve = useApproveQuote();
  const reissue = useReissuePasscode();
  const move = useMoveItems();
  const scans = useScansLeft(item.folder === 'inbox');
  const [confirm, setConfirm] = useState<ConfirmKind>(null);
  const [junkAlways, setJunkAlways] = useState(false);
  const [passcode, setPasscode] = useState<string | null>(null);
  const [scanOffer, setScanOffer] = useState(false);
  const busy = useRef(false);

  const allowed = (type: MailRequestType) =>
    item.folder !== 'trash' && !item.openRequest && requestAllowed(item.kind, item.status, type);

  const request = async (type: 'scan' | 'pickup' | 'shred' | 'junk') => {
    if (busy.current) return;
    busy.current = true;
    try {
      const input = type === 'junk' ? { type, alwaysForSender: junkAlways } : { type };
      const created = await create.mutateAsync({ itemId: item.id, input: input as never });
      setConfirm(null);
      if (type === 'pickup') setPasscode(created.passcode ?? '');
      else {
        showSuccess(MAIL_TOASTS[type]);
        onDone?.();
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.NO_SCANS_LEFT) {
        setConfirm(null);
        setScanOffer(true);
      } else showError(error);
    } finally {
      busy.current = false;
    }
  };

  const moveTo = async (action: FolderAction) => {
    try {
      const result = await move.mutateAsync({ ids: [item.id], action });
      if (result.errors.length) showError(result.errors[0]);
      else {
        showSuccess(MAIL_TOASTS[action]);
        onDone?.();
      }
    } catch (error) {
      showError(error);
    }
  };

  const startScan = () => {
    if (scans.data && scans.data.total <= 0) setScanOffer(true);
    else setConfirm('scan');
  };

  const open = item.openRequest;
  const openPickup = open && open.type === 'pickup' && OPEN_PICKUP.includes(open.status) ? open : null;
  // The same query the request timeline reads: whether wrong passcodes have locked this pickup.
  const pickupRequest = useMailRequest(openPickup?.id);
  const pickupLocked = Boolean(openPickup && pickupRequest.data?.pickup?.passcodeLocked);

  const newPasscode = async () => {
    if (!openPickup) return;
    try {
      const renewed = await reissue.mutateAsync(openPickup.id);
      setPasscode(renewed.passcode ?? '');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <div className="flex flex-wrap gap-2" data-testid="item-actions">
      {pickupLocked ? (
        <p
          role="alert"
          className="w-full rounded-card bg-destructive/10 p-3 text-sm text-destructive"
          data-testid="pickup-locked"
        >
          Too many wrong passcodes were entered for this pickup at the counter, so the old passcode no longer works.
          Issue a new passcode before you go.
        </p>
      ) : null}
      {allowed('scan') ? (
        <Button variant="default" onClick={startScan} data-testid="action-scan">
          <ScanLine aria-hidden="true" />
          Open &amp; scan
        </Button>
      ) : null}
      {allowed('forward') ? (
        <Button
          variant="orange"
          onClick={() => navigate(`/inbox/${item.id}/forward/insurance`)}
          data-testid="action-forward"
        >
          <Truck aria-hidden="true" />
          Forward
        </Button>
      ) : null}
      {allowed('pickup') ? (
        <Button
          variant="green"
          loading={create.isPending && create.variables?.input.type === 'pickup'}
          onClick={() => void request('pickup')}
          data-testid="action-pickup"
        >
          <Hand aria-hidden="true" />
          Hold for pickup
        </Button>
      ) : null}
      {allowed('shred') ? (
        <Button variant="outline" onClick={() => setConfirm('shred')} data-testid="action-shred">
          <Scissors aria-hidden="true" />
          Shred
        </Button>
      ) : null}
      {allowed('junk') ? (
        <Button variant="outline" onClick={() => setConfirm('junk')} data-testid="action-junk">
          <Recycle aria-hidden="true" />
          Junk
        </Button>
      ) : null}
      {open && open.status === 'quote_pending' ? (
        <Button
          variant="orange"
          loading={approve.isPending}
          data-testid="action-approve-quote"
          onClick={() =>
            approve.mutate(open.id, {
              onSuccess: () => showSuccess(MAIL_TOASTS.quoteApproved),
              onError: showError,
            })
          }
        >
          <CheckCircle2 aria-hidden="true" />
          Approve new quote
        </Button>
      ) : null}
      {openPickup ? (
        <Button
          variant={pickupLocked ? 'green' : 'outline'}
          loading={reissue.isPending}
          onClick={() => void newPasscode()}
          data-testid="action-new-passcode"
        >
          <KeyRound aria-hidden="true" />
          New passcode
        </Button>
      ) : null}
      {open && canCancelRequest(open.status) ? (
        <Button
          variant="outline"
          loading={cancel.isPending}
          data-testid="action-cancel-request"
          onClick={() =>
            cancel.mutate(open.id, {
              onSuccess: () => showSuccess(MAIL_TOASTS.cancelled),
              onError: showError,
            })
          }
        >
          <Ban aria-hidden="true" />
          Cancel request
        </Button>
      ) : null}
      {item.folder === 'inbox' ? (
        <Button variant="ghost" onClick={() => void moveTo('archive')} data-testid="action-archive">
          <Archive aria-hidden="true" />
          Archive
        </Button>
      ) : null}
      {item.folder !== 'trash' && isFinalStatus(item.status) ? (
        <Button variant="ghost" onClick={() => void moveTo('trash')} data-testid="action-trash">
          <Trash2 aria-hidden="true" />
          Trash
        </Button>
      ) : null}
      {item.folder !== 'inbox' ? (
        <Button variant="outline" onClick={() => void moveTo('restore')} data-testid="action-restore">
          <ArchiveRestore aria-hidden="true" />
          Restore
        </Button>
      ) : null}

      <Dialog open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)}>
        <DialogContent data-testid="confirm-request-dialog">
          <DialogHeader>
            <DialogTitle>
              {confirm === 'scan'
                ? 'Open and scan this letter?'
                : confirm === 'shred'
                  ? 'Shred this mail?'
                  : 'Mark as junk?'}
            </DialogTitle>
            <DialogDescription>
              {confirm === 'scan'
                ? `The store opens it and uploads a PDF of the contents. This uses one scan${scans.data ? ` (${scans.data.total} left)` : ''}.`
                : confirm === 'shred'
                  ? 'The store shreds it securely. This cannot be undone.'
                  : 'The store recycles it. This cannot be undone.'}
            </DialogDescription>
          </DialogHeader>
          {confirm === 'junk' ? (
            <div className="flex items-center gap-3">
              <Checkbox id={junkAlwaysId} checked={junkAlways} onCheckedChange={(v) => setJunkAlways(v === true)} />
              <Label htmlFor={junkAlwaysId}>Always for this sender ({item.sender})</Label>
            </div>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirm(null)}>
              Keep it
            </Button>
            <Button
              variant={confirm === 'scan' ? 'default' : 'destructive'}
              loading={create.isPending}
              onClick={() => confirm && void request(confirm)}
              data-testid="confirm-request"
            >
              {confirm === 'scan' ? 'Scan it' : confirm === 'shred' ? 'Shred it' : 'Recycle it'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog
        open={passcode !== null}
        onOpenChange={(o) => {
          if (!o) {
            setPasscode(null);
            onDone?.();
          }
        }}
      >
        <DialogContent data-testid="pickup-passcode-dialog">
          <DialogHeader>
            <DialogTitle>Held for pickup</DialogTitle>
            <DialogDescription>
              Show this one-time passcode at the store; any earlier passcode for this item no longer works. We have
              e-mailed it to you too. Your authorized individual, if you named one, can collect it without the passcode
              after an ID check.
            </DialogDescription>
          </DialogHeader>
          <p
            className="rounded-card bg-muted py-4 text-center font-mono text-3xl font-bold tracking-[0.3em]"
            data-testid="pickup-passcode"
            aria-label={`Passcode ${passcode?.split('').join(' ')}`}
          >
            {passcode || 'Sent by e-mail'}
          </p>
          <DialogFooter>
            <Button
              onClick={() => {
                setPasscode(null);
                onDone?.();
              }}
            >
              Done
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <ScanPackageDialog open={scanOffer} onOpenChange={setScanOffer} />
      {item.storageDailyFeeCents > 0 &&
      item.freeDaysLeft > 0 &&
      item.freeDaysLeft <= 5 &&
      !isFinalStatus(item.status) ? (
        <p className="w-full text-xs text-warning">
          Storage costs {money(item.storageDailyFeeCents)} a day after the free period.
        </p>
      ) : null}
    </div>
  );
}
