import { useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { CheckCircle2, FileText, Printer, Settings2, Upload } from 'lucide-react';
import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@postwise/shared/shipping/lifecycle';
import { MAIL_MESSAGES } from '@postwise/shared/schemas/mail';
import { MAIL_REQUEST_TYPE_LABELS, carrierServiceName } from '@postwise/shared/mail';
import type { MailRequest } from '@postwise/shared/mail-api';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { age, dateTime, money } from '../../../lib/format';
import { openProtectedFile } from '../../../lib/protected-file';
import { errorText, showError, showSuccess } from '../../../lib/toast';
import {
  downloadForwardLabel,
  useBuyForwardLabel,
  useCompleteRequest,
  useCompleteScan,
  useMailRequestDetail,
  useStartRequest,
} from '../api/mailbox-admin';
import { kindText } from '../components/item-status';
import { RequestStatusBadge, REQUEST_STATUS_LABELS } from '../components/mailbox-status';
import { BackLink } from '../../../components/ui/back-link';
import { Unavailable } from '../components/unavailable';
import { FieldError } from '../../../components/ui/field-error';

const DONE_TOAST = 'Request completed: the customer has been notified.';

/** /mailbox-requests/{id} (mail requests): the timeline and the operator's action for its type. */
export function MailRequestPage() {
  const { id = '' } = useParams();
  const request = useMailRequestDetail(id);
  if (request.isPending) return <Skeleton className="h-96" />;
  if (request.isError)
    return (
      <Unavailable
        title="Request not available"
        text={request.error.message}
        back="/mailbox-requests?tab=mail"
        backLabel="Back to the queue"
      />
    );
  const r = request.data;
  const open = r.status === 'requested' || r.status === 'in_progress' || r.status === 'quote_pending';
  return (
    <div className="grid gap-6">
      <BackLink to="/mailbox-requests?tab=mail">Request queue</BackLink>
      <PageHeader
        title={`${MAIL_REQUEST_TYPE_LABELS[r.type]} · ${r.mailbox.pmb}`}
        description={`${r.customer.fullName || r.customer.email} · ${r.mailbox.storeName} · requested ${r.ageSeconds < 60 ? 'just now' : `${age(r.ageSeconds)} ago`}`}
        actions={<RequestStatusBadge status={r.status} />}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Item</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 pt-0 text-sm">
              <p>
                <span className="font-semibold">#{r.item.number}</span> · {kindText(r.item.kind)} from {r.item.sender}
              </p>
              {r.itemIds.length > 1 ? <p>{r.itemIds.length} items consolidated in one parcel.</p> : null}
              <LinkButton to={`/mailbox/${r.mailbox.id}`} variant="link" className="justify-self-start">
                Open the mailbox
              </LinkButton>
              {r.type === 'forward' ? <ForwardFacts r={r} /> : null}
              {r.note ? <p className="rounded-card bg-muted p-3">Note: {r.note}</p> : null}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Timeline</CardTitle>
            </CardHeader>
            <CardContent className="pt-0">
              <ol className="grid gap-3 border-l pl-4" data-testid="request-timeline">
                {r.events.map((e, i) => (
                  <li key={i} className="relative grid text-sm">
                    <span
                      aria-hidden="true"
                      className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary"
                    />
                    <span className="font-semibold">
                      {e.status === 'quote' ? 'Quote entered' : REQUEST_STATUS_LABELS[e.status]}
                    </span>
                    <span className="text-xs text-muted-foreground">{dateTime(e.at)}</span>
                    {e.note ? <span>{e.note}</span> : null}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>{open ? 'What to do' : 'Result'}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 pt-0">{open ? <OperatorAction r={r} /> : <Outcome r={r} />}</CardContent>
        </Card>
      </div>
    </div>
  );
}

function ForwardFacts({ r }: { r: MailRequest }) {
  return (
    <div className="grid gap-2">
      {r.address ? (
        <address className="not-italic">
          <span className="block font-semibold">Ship to {r.address.name}</span>
          {r.address.companyName ? <span className="block">{r.address.companyName}</span> : null}
          <span className="block">
            {r.address.line1}
            {r.address.line2 ? `, ${r.address.line2}` : ''}
          </span>
          <span className="block">
            {r.address.city}, {r.address.state} {r.address.zipCode}, {r.address.country}
          </span>
        </address>
      ) : null}
      <dl className="grid grid-cols-[1fr_auto] gap-y-1">
        <dt>Paid</dt>
        <dd className="text-right">{money(r.paidCents)}</dd>
        {r.declaredValueCents ? (
          <>
            <dt>Declared value</dt>
            <dd className="text-right">{money(r.declaredValueCents)}</dd>
          </>
        ) : null}
        {r.quoteCents !== null ? (
          <>
            <dt>Actual quote</dt>
            <dd className="text-right">{money(r.quoteCents)}</dd>
          </>
        ) : null}
        {r.extraDueCents ? (
          <>
            <dt>Waiting for approval</dt>
            <dd className="text-right text-warning">{money(r.extraDueCents)}</dd>
          </>
        ) : null}
        {r.refundCents ? (
          <>
            <dt>Refunded</dt>
            <dd className="text-right">{money(r.refundCents)}</dd>
          </>
        ) : null}
      </dl>
      {r.carrierService || r.packaging ? (
        <p>
          {r.carrierService ?? ''} {r.packaging ? `· ${r.packaging}` : ''}
        </p>
      ) : null}
    </div>
  );
}

function Outcome({ r }: { r: MailRequest }) {
  if (r.status === 'cancelled')
    return <p className="text-sm">The customer cancelled this request {dateTime(r.cancelledAt)}.</p>;
  return (
    <div className="grid gap-2 text-sm" data-testid="request-outcome">
      <p className="flex items-center gap-2 font-semibold text-green-hover">
        <CheckCircle2 aria-hidden="true" className="size-4" />
        Completed {dateTime(r.completedAt)}
      </p>
      {r.outboundTracking ? (
        <p data-testid="outbound-tracking">
          Shipped with {r.outboundCarrier}: <span className="font-mono">{r.outboundTracking}</span>
        </p>
      ) : null}
      {r.tracking ? (
        <p className="text-muted-foreground" data-testid="parcel-status">
          {SHIPMENT_STATUS_LABELS[r.tracking.status as ShipmentStatus] ?? r.tracking.status}
          {r.tracking.events[0] ? ` · ${r.tracking.events[0].description}` : ''}
        </p>
      ) : null}
      {r.shipmentId ? (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => downloadForwardLabel(r).catch(showError)}
          data-testid="print-label"
        >
          <Printer aria-hidden="true" />
          Print label
        </Button>
      ) : null}
      {r.pickedUpBy ? (
        <p>
          {r.pickedUpBy === 'passcode'
            ? 'Collected with the one-time passcode.'
            : 'Collected by the authorized individual after an ID check.'}
        </p>
      ) : null}
      {r.type === 'scan' ? (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => openProtectedFile(`mail-items/${r.item.id}/scan`).catch(showError)}
        >
          <FileText aria-hidden="true" />
          Open the scan
        </Button>
      ) : null}
    </div>
  );
}

/** The one action each type needs; the API checks the same rules (e.g. the passcode). */
function OperatorAction({ r }: { r: MailRequest }) {
  const start = useStartRequest(r.id);
  if (r.status === 'quote_pending') {
    return (
      <p className="text-sm text-warning" data-testid="waiting-approval">
        Waiting for the customer to approve {money(r.extraDueCents)} more. Do not ship before they do.
      </p>
    );
  }
  return (
    <>
      {r.status === 'requested' && r.type !== 'forward' ? (
        <div className="flex flex-wrap items-center gap-3 rounded-card bg-muted p-3 text-sm">
          <span className="flex-1">The customer can cancel until you start.</span>
          <Button
            size="sm"
            variant="outline"
            loading={start.isPending}
            onClick={() => start.mutate(undefined, { onError: showError })}
          >
            Start
          </Button>
        </div>
      ) : null}
      {r.type === 'scan' ? <ScanAction r={r} /> : null}
      {r.type === 'forward' ? <ForwardAction r={r} /> : null}
      {r.type === 'shred' || r.type === 'junk' ? <ConfirmAction r={r} /> : null}
      {r.type === 'pickup' ? <PickupAction r={r} /> : null}
    </>
  );
}

function ScanAction({ r }: { r: MailRequest }) {
  const complete = useCompleteScan(r.id);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  const submit = async () => {
    if (!file) return setError('Choose the PDF of the contents');
    if (file.type && file.type !== 'application/pdf') return setError('The scan must be a PDF');
    setProgress(0);
    try {
      await complete.mutateAsync({ file, onProgress: setProgress });
      showSuccess(DONE_TOAST);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm">Open the letter, scan every page into one PDF and upload it.</p>
      <FormField label="Contents scan (PDF)" error={error}>
        <Input
          ref={ref}
          type="file"
          accept="application/pdf"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(undefined);
          }}
          data-testid="scan-file"
        />
      </FormField>
      {progress !== null ? <ProgressBar value={progress} label="Upload" fillClassName="transition-none" /> : null}
      <Button onClick={() => void submit()} loading={complete.isPending} data-testid="complete-request">
        <Upload aria-hidden="true" />
        Upload scan and complete
      </Button>
    </div>
  );
}

function ForwardAction({ r }: { r: MailRequest }) {
  const complete = useCompleteRequest(r.id);
  const [carrier, setCarrier] = useState(r.carrierService?.split(' ')[0] ?? '');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; tracking?: string }>({});
  const submit = () => {
    const next = {
      carrier: carrier.trim() ? undefined : MAIL_MESSAGES.carrierRequired,
      tracking: tracking.trim() ? undefined : MAIL_MESSAGES.trackingRequired,
    };
    setErrors(next);
    if (next.carrier || next.tracking) return;
    complete.mutate(
      { carrier: carrier.trim(), trackingNumber: tracking.trim() },
      { onSuccess: () => showSuccess(DONE_TOAST), onError: (e) => showError(e) },
    );
  };
  return (
    <div className="grid gap-3">
      <BuyLabel r={r} />
      <p className="text-sm font-semibold">Or ship it yourself</p>
      {!r.carrierService || r.forwardRate ? (
        <LinkButton
          to={`/mailbox/${r.mailbox.id}/select-services/${r.item.id}`}
          icon={Settings2}
          variant="outline"
          className="justify-self-start"
          data-testid="select-services-link"
        >
          Select services and quote
        </LinkButton>
      ) : (
        <LinkButton
          to={`/mailbox/${r.mailbox.id}/update-quote/${r.item.id}`}
          variant="link"
          className="justify-self-start"
        >
          Update the quote
        </LinkButton>
      )}
      <p className="text-sm">When it has shipped, enter the outbound carrier and tracking number.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Outbound carrier" error={errors.carrier}>
          <Input value={carrier} onChange={(e) => setCarrier(e.target.value)} data-testid="outbound-carrier" />
        </FormField>
        <FormField label="Tracking number" error={errors.tracking}>
          <Input value={tracking} onChange={(e) => setTracking(e.target.value)} data-testid="outbound-tracking" />
        </FormField>
      </div>
      <Button variant="orange" onClick={submit} loading={complete.isPending} data-testid="complete-request">
        Mark as shipped
      </Button>
    </div>
  );
}

const LABEL_TOAST = 'Label bought: the customer has been e-mailed the tracking link.';

/**
 * One click: the carrier's label for the service the customer booked (or the cheapest that fits a forward priced
 * by the formula), downloaded to print; the forward is then complete with its tracking.
 */
function BuyLabel({ r }: { r: MailRequest }) {
  const buy = useBuyForwardLabel(r.id);
  const service = r.forwardRate ? carrierServiceName(r.forwardRate.carrier, r.forwardRate.service) : null;
  return (
    <div className="grid gap-3 rounded-card border p-4" data-testid="buy-label-panel">
      <p className="text-sm">
        {service ? (
          <>
            The customer booked <span className="font-semibold">{service}</span>
            {r.forwardRate?.signature ? ' with a signature on delivery' : ''}. Pack it, then buy the label.
          </>
        ) : (
          'Priced by the fixed formula: the label is bought for the cheapest carrier service that fits.'
        )}
      </p>
      <Button
        variant="orange"
        className="justify-self-start"
        loading={buy.isPending}
        data-testid="buy-label"
        onClick={() =>
          buy.mutate(undefined, {
            onSuccess: (done) => {
              showSuccess(LABEL_TOAST);
              downloadForwardLabel(done).catch(showError);
            },
            onError: showError,
          })
        }
      >
        <Printer aria-hidden="true" />
        Buy label
      </Button>
    </div>
  );
}

function ConfirmAction({ r }: { r: MailRequest }) {
  const complete = useCompleteRequest(r.id);
  const checkId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const shred = r.type === 'shred';
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3">
        <Checkbox
          id={checkId}
          checked={confirmed}
          onCheckedChange={(v) => {
            setConfirmed(v === true);
            setError(undefined);
          }}
          data-testid="confirm-done"
        />
        <Label htmlFor={checkId}>{shred ? 'I shredded this mail' : 'I put this mail in the recycling'}</Label>
      </div>
      <FieldError>{error}</FieldError>
      <Button
        onClick={() => {
          if (!confirmed) return setError(shred ? MAIL_MESSAGES.confirmRequired : 'Confirm that the mail was recycled');
          complete.mutate(
            { confirmed: true },
            { onSuccess: () => showSuccess(DONE_TOAST), onError: (e) => showError(e) },
          );
        }}
        loading={complete.isPending}
        data-testid="complete-request"
      >
        {shred ? 'Confirm shredded' : 'Confirm recycled'}
      </Button>
    </div>
  );
}

function PickupAction({ r }: { r: MailRequest }) {
  const complete = useCompleteRequest(r.id);
  const authId = useId();
  const [passcode, setPasscode] = useState('');
  const [authorized, setAuthorized] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Spec 6: only the authorized individual may collect without the passcode, so with none on file it is required.
  const authorizedName = r.pickup?.authorizedIndividualName ?? null;
  const locked = r.pickup?.passcodeLocked ?? false;
  const byAuthorized = authorized && authorizedName !== null;
  const submit = () => {
    if (!byAuthorized && locked) return setError(MAIL_MESSAGES.passcodeLocked);
    if (!byAuthorized && !/^\d{6}$/.test(passcode))
      return setError(
        passcode
          ? MAIL_MESSAGES.passcodeInvalid
          : authorizedName
            ? MAIL_MESSAGES.pickupProofRequired
            : MAIL_MESSAGES.passcodeRequiredNoAuthorized,
      );
    complete.mutate(byAuthorized ? { authorizedIndividualIdChecked: true } : { passcode }, {
      onSuccess: () => showSuccess(DONE_TOAST),
      onError: (e) => setError(errorText(e)),
    });
  };
  return (
    <div className="grid gap-3" data-testid="pickup-action">
      <p className="text-sm">
        {authorizedName ? (
          <>
            Ask for the one-time passcode, or check the ID of the authorized individual on file,{' '}
            <strong data-testid="pickup-authorized-name">{authorizedName}</strong>: only they may collect without the
            passcode.
          </>
        ) : (
          <>
            This mailbox has no authorized individual on file, so only the one-time passcode releases the mail. Ask the
            customer for it.
          </>
        )}
      </p>
      {locked ? (
        <p
          role="alert"
          className="rounded-card bg-destructive/10 p-3 text-sm text-destructive"
          data-testid="pickup-locked"
        >
          Locked after too many wrong passcodes. The customer has been told and must issue a new passcode from their
          inbox before a passcode works again.
        </p>
      ) : null}
      <FormField label="One-time passcode" error={error}>
        <Input
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          value={passcode}
          disabled={byAuthorized || locked}
          onChange={(e) => {
            setPasscode(e.target.value.replace(/\D/g, ''));
            setError(undefined);
          }}
          data-testid="pickup-passcode-input"
        />
      </FormField>
      {authorizedName ? (
        <div className="flex items-center gap-3">
          <Checkbox
            id={authId}
            checked={authorized}
            onCheckedChange={(v) => {
              setAuthorized(v === true);
              setError(undefined);
            }}
            data-testid="pickup-authorized-checked"
          />
          <Label htmlFor={authId}>{authorizedName} collected it after an ID check</Label>
        </div>
      ) : null}
      <Button
        variant="green"
        onClick={submit}
        loading={complete.isPending}
        disabled={locked && !byAuthorized}
        data-testid="complete-request"
      >
        Confirm pickup
      </Button>
    </div>
  );
}
