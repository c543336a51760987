import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Camera, CheckCircle2, Printer, ScanText, X } from 'lucide-react';
import { MAIL_INTAKE_MESSAGES, MAIL_ITEM_KINDS, MAIL_ITEM_KIND_LABELS, type MailItemKind } from '@postwise/shared/mail';
import type { IntakeReading, MailboxSummary, MailItem } from '@postwise/shared/mail-api';
import { receiveMailSchema } from '@postwise/shared/schemas/mail';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FilePicker } from '../../../components/ui/file-picker';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { openProtectedFile } from '../../../lib/protected-file';
import { errorText, showError, showSuccess } from '../../../lib/toast';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { mailboxAdminKeys, readIntakePhoto, receiveMail, useBoxSenders } from '../api/mailbox-admin';
import { MailboxPicker } from './mailbox-picker';
import { MailboxName, MailboxStatusBadge } from './mailbox-status';
import { FieldError } from '../../../components/ui/field-error';

type Values = {
  kind: MailItemKind;
  sender: string;
  carrier: string;
  trackingNumber: string;
  weightLb: string;
  lengthIn: string;
  widthIn: string;
  heightIn: string;
  message: string;
};
const EMPTY: Values = {
  kind: 'letter',
  sender: '',
  carrier: '',
  trackingNumber: '',
  weightLb: '',
  lengthIn: '',
  widthIn: '',
  heightIn: '',
  message: '',
};
/** The size fields, in the order a parcel's size is written (L × W × H). */
const SIDES = [
  ['lengthIn', 'Length'],
  ['widthIn', 'Width'],
  ['heightIn', 'Height'],
] as const;

/** Why a box may not receive mail (USPS CMRA rules), or null when it may. */
export function intakeRefusal(box: Pick<MailboxSummary, 'status' | 'isApproved'>): string | null {
  if (box.status === 'closed') return MAIL_INTAKE_MESSAGES.closed;
  if (box.status === 'cancelled') return MAIL_INTAKE_MESSAGES.cancelled;
  if (!box.isApproved) return MAIL_INTAKE_MESSAGES.notApproved;
  return null;
}

export function printLabel(itemId: string) {
  return openProtectedFile(`mail-items/${encodeURIComponent(itemId)}/label?format=pdf`).catch(showError);
}

/**
 * Receive mail at the counter: find the box (type-ahead, or read from the photo of the envelope or label), kind,
 * sender (offered from the box's earlier senders as it is typed, or read from the photo), carrier and tracking for
 * packages, weight and size, photos front and back with upload progress, an optional message. What the photo says
 * only pre-fills the form: the operator checks the box (its status says what to do with the mail) and confirms.
 * "Save and add another" keeps the operator on the form with the same box.
 */
export function ReceiveMailDialog({
  open,
  onOpenChange,
  mailbox,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselected box (from a mailbox's page). */
  mailbox?: MailboxSummary | null;
}) {
  const client = useQueryClient();
  const sendersId = useId();
  const kindId = useId();
  const [box, setBox] = useState<MailboxSummary | null>(mailbox ?? null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [senderSearch, setSenderSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSenderSearch(values.sender), 200);
    return () => clearTimeout(t);
  }, [values.sender]);
  const senders = useBoxSenders(box?.id, senderSearch);
  const photoInput = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<IntakeReading | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'media', string>>>({});
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [saved, setSaved] = useState<MailItem | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // One key per entry: kept while the operator retries this item (an answer lost on the way never makes a second
  // item), replaced once it is saved.
  const [entryKey, setEntryKey] = useState(newIdempotencyKey);

  useEffect(() => {
    if (open) {
      setBox(mailbox ?? null);
      setSaved(null);
      setRefused(null);
      setRead(null);
    }
  }, [open, mailbox]);

  const clearItem = () => {
    setRead(null);
    setValues(EMPTY);
    setErrors({});
    setFront(null);
    setBack(null);
    setProgress(null);
    setEntryKey(newIdempotencyKey());
  };
  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    if (errors[k]) setErrors((er) => ({ ...er, [k]: undefined }));
  };
  const refusal = box ? intakeRefusal(box) : null;
  const isParcel = values.kind === 'package' || values.kind === 'pallet';

  // The photo of the envelope or label: read at once, it pre-fills the box and the sender and becomes the front
  // photo. Nothing is saved until the operator confirms.
  const readPhoto = async (file: File) => {
    setReading(true);
    try {
      const result = await readIntakePhoto(file);
      setRead(result);
      setFront(file);
      if (result.mailbox && !mailbox) setBox(result.mailbox);
      if (result.sender) {
        const sender = result.sender;
        setValues((v) => ({ ...v, sender }));
        setErrors((er) => ({ ...er, sender: undefined }));
      }
    } catch (error) {
      showError(error);
    } finally {
      setReading(false);
      if (photoInput.current) photoInput.current.value = '';
    }
  };
  const readElsewhere = read?.mailbox && box && read.mailbox.id !== box.id ? read.mailbox : null;

  const save = async (addAnother: boolean) => {
    if (!box || progress !== null) return;
    const raw = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    const parsed = receiveMailSchema.safeParse(raw);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'sender') as keyof Values;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setProgress(0);
    setRefused(null);
    try {
      const photos = [front, back].filter((f): f is File => f !== null);
      const item = await receiveMail(box.id, parsed.data, photos, setProgress, entryKey);
      void client.invalidateQueries({ queryKey: mailboxAdminKeys.all });
      showSuccess(`Item #${item.number} logged for ${item.pmb}`);
      setSaved(item);
      clearItem();
      if (!addAnother) onOpenChange(false);
    } catch (error) {
      setProgress(null);
      const text = errorText(error);
      if ((error as { code?: string }).code === 'MAILBOX_NOT_RECEIVING') setRefused(text);
      else showError(text);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="receive-mail-dialog">
        <DialogHeader>
          <DialogTitle>Receive mail</DialogTitle>
          <DialogDescription>Log one item for a mailbox; the customer is notified at once.</DialogDescription>
        </DialogHeader>
        {saved ? (
          <div
            className="flex flex-wrap items-center justify-between gap-2 rounded-card bg-green-soft p-3 text-sm"
            role="status"
            data-testid="receive-saved"
          >
            <span className="flex items-center gap-2">
              <CheckCircle2 aria-hidden="true" className="size-4 text-green-hover" />
              Item #{saved.number} logged for {saved.pmb}.
            </span>
            <Button size="sm" variant="outline" onClick={() => void printLabel(saved.id)} data-testid="print-label">
              <Printer aria-hidden="true" />
              Print label
            </Button>
          </div>
        ) : null}
        <div className="grid gap-2 rounded-card border border-dashed p-3" data-testid="read-photo">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">
              Take or choose a photo of the envelope or label: the PMB number and the sender are filled in for you.
            </p>
            <input
              ref={photoInput}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void readPhoto(file);
              }}
              data-testid="read-photo-input"
            />
            <Button
              type="button"
              variant="outline"
              loading={reading}
              onClick={() => photoInput.current?.click()}
              data-testid="read-photo-button"
            >
              <Camera aria-hidden="true" />
              Read from photo
            </Button>
          </div>
          {read ? (
            <p className="flex items-start gap-2 text-sm" role="status" data-testid="read-photo-result">
              <ScanText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                {read.pmb
                  ? read.mailbox
                    ? `Addressed to ${read.mailbox.pmb} (${read.mailbox.holder.fullName}).`
                    : read.candidates.length > 1
                      ? `${read.pmb} is a box at ${read.candidates.length} of your stores: choose it below.`
                      : `${read.pmb} is not one of your stores' boxes: choose the mailbox.`
                  : 'No PMB number could be read: choose the mailbox.'}{' '}
                {read.sender
                  ? `Sender: ${read.sender}${read.senderKnown ? ' (received from before)' : ''}.`
                  : 'No sender could be read: type it.'}{' '}
                Check both, then save.
              </span>
            </p>
          ) : null}
          {read && !read.mailbox && read.candidates.length > 1 && !mailbox ? (
            <div className="flex flex-wrap gap-2" role="group" aria-label="Boxes with this number">
              {read.candidates.map((c) => (
                <Button key={c.id} type="button" size="sm" variant="outline" onClick={() => setBox(c)}>
                  {c.pmb} · {c.store.name}
                </Button>
              ))}
            </div>
          ) : null}
          {readElsewhere ? (
            <p role="alert" className="text-sm text-warning" data-testid="read-photo-elsewhere">
              The photo is addressed to {readElsewhere.pmb} ({readElsewhere.holder.fullName}), not this mailbox.
            </p>
          ) : null}
        </div>
        {box ? (
          <div
            className="flex flex-wrap items-center justify-between gap-2 rounded-card border p-3"
            data-testid="picked-mailbox"
          >
            <MailboxName box={box} />
            <div className="flex items-center gap-2">
              <MailboxStatusBadge status={box.status} withHint />
              {!mailbox ? (
                <Button size="sm" variant="ghost" onClick={() => setBox(null)} aria-label="Choose another mailbox">
                  <X aria-hidden="true" />
                  Change
                </Button>
              ) : null}
            </div>
          </div>
        ) : (
          <MailboxPicker onPick={setBox} autoFocus />
        )}
        {refusal || refused ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-card bg-destructive-soft p-3 text-sm text-destructive"
            data-testid="intake-refused"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {refused ?? refusal}
          </p>
        ) : null}
        {box && !refusal ? (
          <form
            noValidate
            aria-label="Item received"
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              void save(false);
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={kindId}>Kind</Label>
              <Select value={values.kind} onValueChange={(v) => setValues((s) => ({ ...s, kind: v as MailItemKind }))}>
                <SelectTrigger id={kindId} data-testid="receive-kind">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {MAIL_ITEM_KINDS.map((k) => (
                    <SelectItem key={k} value={k}>
                      {MAIL_ITEM_KIND_LABELS[k]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <FormField label="Sender" error={errors.sender}>
              <Input
                value={values.sender}
                onChange={set('sender')}
                list={sendersId}
                autoComplete="off"
                data-testid="receive-sender"
              />
            </FormField>
            <datalist id={sendersId}>
              {(senders.data?.items ?? []).map((s) => (
                <option key={s.sender} value={s.sender} />
              ))}
            </datalist>
            {isParcel ? (
              <>
                <FormField label="Inbound carrier" error={errors.carrier}>
                  <Input
                    value={values.carrier}
                    onChange={set('carrier')}
                    placeholder="UPS, FedEx, USPS…"
                    data-testid="receive-carrier"
                  />
                </FormField>
                <FormField label="Tracking number" error={errors.trackingNumber}>
                  <Input
                    value={values.trackingNumber}
                    onChange={set('trackingNumber')}
                    data-testid="receive-tracking"
                  />
                </FormField>
              </>
            ) : null}
            <FormField label={isParcel ? 'Weight (lb)' : 'Weight (lb, optional)'} error={errors.weightLb}>
              <Input
                inputMode="decimal"
                value={values.weightLb}
                onChange={set('weightLb')}
                data-testid="receive-weight"
              />
            </FormField>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Size L × W × H (in, optional)</legend>
              <div className="grid grid-cols-3 gap-2">
                {SIDES.map(([key, name]) => (
                  <Input
                    key={key}
                    aria-label={`${name} in inches`}
                    inputMode="decimal"
                    value={values[key]}
                    onChange={set(key)}
                    data-testid={`receive-${name.toLowerCase()}`}
                  />
                ))}
              </div>
              <FieldError>{errors.lengthIn || errors.widthIn || errors.heightIn}</FieldError>
            </fieldset>
            <FilePicker
              label="Photo, front"
              description="The envelope or the shipping label."
              error={errors.media}
              file={front}
              onChange={setFront}
              accept="image/*"
              capture="environment"
              testId="receive-photo-front"
            />
            <FilePicker
              label="Photo, back (optional)"
              file={back}
              onChange={setBack}
              accept="image/*"
              capture="environment"
              testId="receive-photo-back"
            />
            <div className="sm:col-span-2">
              <FormField label="Message to the customer (optional)" error={errors.message}>
                <Input
                  value={values.message}
                  onChange={set('message')}
                  maxLength={1000}
                  data-testid="receive-message"
                />
              </FormField>
            </div>
            {progress !== null ? (
              <div className="grid gap-1 sm:col-span-2">
                <ProgressBar value={progress} label="Upload" fillClassName="transition-all" />
                <span className="text-xs text-muted-foreground">Uploading… {progress}%</span>
              </div>
            ) : null}
            <DialogFooter className="sm:col-span-2">
              <Button
                type="button"
                variant="outline"
                loading={progress !== null}
                onClick={() => void save(true)}
                data-testid="receive-save-another"
              >
                Save and add another
              </Button>
              <Button type="submit" loading={progress !== null} data-testid="receive-save">
                Save
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
