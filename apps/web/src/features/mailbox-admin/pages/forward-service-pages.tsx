import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Package } from 'lucide-react';
import type { MailRequest } from '@postwise/shared/mail-api';
import { mailRequestQuoteSchema } from '@postwise/shared/schemas/mail';
import { Button } from '../../../components/ui/button';
import { ChoiceSelect } from '../../../components/ui/choice-select';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { money } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { errorText, showError, showSuccess } from '../../../lib/toast';
import { useMailRequestDetail, useOperatorItem, useQuoteRequest, useStartRequest } from '../api/mailbox-admin';
import { kindText } from '../components/item-status';
import { RequestStatusBadge } from '../components/mailbox-status';
import { Unavailable } from '../components/unavailable';
import { BackLink } from '../../../components/ui/back-link';

export const CARRIER_SERVICES = [
  'USPS Priority Mail',
  'USPS Ground Advantage',
  'USPS Priority Mail Express',
  'UPS Ground',
  'UPS 2nd Day Air',
  'FedEx Ground',
  'FedEx Express Saver',
  'DHL Express Worldwide',
] as const;
export const PACKAGING = ['As received', 'Padded envelope', 'Small box', 'Medium box', 'Large box', 'Crate'] as const;

/** The forward request of the item in the URL (/mailbox/{id}/…/{label}). */
function useForwardRequest() {
  const { id = '', label = '' } = useParams();
  const item = useOperatorItem(label);
  const requestId = item.data?.openRequest?.type === 'forward' ? item.data.openRequest.id : undefined;
  const request = useMailRequestDetail(requestId);
  return { mailboxId: id, itemId: label, item, request, requestId };
}

/**
 * A page about an item's forward request: Back to the labels and the title, then a skeleton while they load, why
 * there is nothing to do (the item failed to load, or it has no open forward: `missing`), or the page's content.
 */
function ForwardRequestPage({
  forward,
  back,
  title,
  description,
  missing,
  className,
  children,
}: {
  forward: ReturnType<typeof useForwardRequest>;
  back: string;
  title: string;
  description: string;
  missing: string;
  className?: string;
  children: (request: MailRequest) => ReactNode;
}) {
  const { item, request, requestId } = forward;
  return (
    <div className={cn('grid gap-6', className)}>
      <BackLink to={back}>Back to the labels</BackLink>
      <PageHeader title={title} description={description} />
      {item.isPending || (requestId && request.isPending) ? (
        <Skeleton className="h-64" />
      ) : item.isError ? (
        <Unavailable title="Item not available" text={item.error.message} back={back} />
      ) : !requestId || !request.data ? (
        <Unavailable title={missing} text="This item has no open forward request." back={back} />
      ) : (
        children(request.data)
      )}
    </div>
  );
}

function ParcelItems({ request }: { request: MailRequest }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">Items in this parcel</p>
      <ul className="grid gap-1 text-sm" data-testid="parcel-items">
        <li className="flex items-center gap-2">
          <Package aria-hidden="true" className="size-4 text-muted-foreground" />#{request.item.number} ·{' '}
          {kindText(request.item.kind)} from {request.item.sender}
        </li>
        {request.itemIds
          .filter((i) => i !== request.item.id)
          .map((i) => (
            <li key={i} className="flex items-center gap-2 text-muted-foreground">
              <Package aria-hidden="true" className="size-4" />
              Consolidated item {i.slice(0, 8)}
            </li>
          ))}
      </ul>
      {request.itemIds.length > 1 ? (
        <p className="text-xs text-muted-foreground">The customer chose these items to ship together.</p>
      ) : null}
    </div>
  );
}

/** /mailbox/{id}/select-services/{label} (no shell): carrier service and packaging of a forward. */
export function SelectServicesPage() {
  const forward = useForwardRequest();
  const { mailboxId, itemId, request, requestId } = forward;
  const navigate = useNavigate();
  const start = useStartRequest(requestId ?? '');
  const [service, setService] = useState<string>(CARRIER_SERVICES[0]);
  const [packaging, setPackaging] = useState<string>(PACKAGING[0]);
  const back = `/mailbox/${mailboxId}`;

  const next = async () => {
    const r = request.data;
    if (!r) return;
    try {
      // Choosing services starts the work: from now on the customer can no longer cancel.
      if (r.status === 'requested') await start.mutateAsync();
      navigate(`/mailbox/${mailboxId}/update-quote/${itemId}`, { state: { carrierService: service, packaging } });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <ForwardRequestPage
      forward={forward}
      back={back}
      title="Select Services"
      description="How this forward leaves the store."
      missing="No forward to prepare"
    >
      {(req) => (
        <Card className="border-0 shadow-none">
          <CardHeader className="flex flex-row items-start justify-between gap-2 px-0">
            <CardTitle>
              Forward to {req.address?.name ?? 'the customer'}
              <span className="block text-sm font-normal text-muted-foreground">
                {req.address
                  ? `${req.address.city}, ${req.address.state} ${req.address.zipCode}, ${req.address.country}`
                  : ''}
              </span>
            </CardTitle>
            <RequestStatusBadge status={req.status} />
          </CardHeader>
          <CardContent className="grid gap-5 px-0 pt-0">
            <ChoiceSelect
              label="Carrier service"
              value={service}
              onChange={setService}
              options={CARRIER_SERVICES}
              testId="carrier-service"
            />
            <ChoiceSelect
              label="Packaging"
              value={packaging}
              onChange={setPackaging}
              options={PACKAGING}
              testId="packaging"
            />
            <ParcelItems request={req} />
            <p className="text-sm">
              Customer paid <strong>{money(req.paidCents)}</strong>
              {req.declaredValueCents ? ` · insured for ${money(req.declaredValueCents)}` : ''}
            </p>
            <Button onClick={() => void next()} loading={start.isPending} data-testid="services-continue">
              Continue to quote
            </Button>
          </CardContent>
        </Card>
      )}
    </ForwardRequestPage>
  );
}

type QuoteValues = { weightLb: string; postage: string; handling: string; note: string };

function toCents(dollars: string): number {
  return Math.round(Number(dollars) * 100);
}

/** /mailbox/{id}/update-quote/{label}: actual weight, postage and handling after packing. */
export function UpdateQuotePage() {
  const forward = useForwardRequest();
  const { mailboxId, item, request, requestId } = forward;
  const navigate = useNavigate();
  const location = useLocation();
  const chosen = (location.state ?? {}) as { carrierService?: string; packaging?: string };
  const quote = useQuoteRequest(requestId ?? '');
  const r = request.data;
  const [values, setValues] = useState<QuoteValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof QuoteValues, string>>>({});
  const back = `/mailbox/${mailboxId}`;
  const v: QuoteValues = values ?? {
    weightLb: item.data?.weightLb ? String(item.data.weightLb) : '',
    postage: r?.estimate ? (r.estimate.postageCents / 100).toFixed(2) : '',
    handling: r?.estimate ? (r.estimate.handlingCents / 100).toFixed(2) : '',
    note: '',
  };
  const set = (k: keyof QuoteValues) => (e: { target: { value: string } }) => setValues({ ...v, [k]: e.target.value });
  const insurance = r?.estimate?.insuranceCents ?? 0;
  const consolidation = r?.estimate?.consolidationCents ?? 0;
  // A signature booked with a live rate is priced already, like insurance and consolidation.
  const signature = r?.estimate?.signatureCents ?? 0;
  const total = toCents(v.postage || '0') + toCents(v.handling || '0') + insurance + consolidation + signature;
  const diff = r ? total - r.paidCents : 0;

  const submit = async () => {
    const parsed = mailRequestQuoteSchema.safeParse({
      postageCents: toCents(v.postage),
      handlingCents: toCents(v.handling || '0'),
      weightLb: v.weightLb ? Number(v.weightLb) : undefined,
      carrierService: chosen.carrierService ?? r?.carrierService ?? undefined,
      packaging: chosen.packaging ?? r?.packaging ?? undefined,
      note: v.note || undefined,
    });
    if (!parsed.success || !v.postage) {
      const next: typeof errors = {};
      if (!v.postage) next.postage = 'Postage is required';
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const key =
          issue.path[0] === 'postageCents'
            ? 'postage'
            : issue.path[0] === 'handlingCents'
              ? 'handling'
              : (String(issue.path[0]) as keyof QuoteValues);
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      const updated = await quote.mutateAsync(parsed.data);
      showSuccess(
        updated.status === 'quote_pending'
          ? 'Quote sent: the customer approves the difference before it ships.'
          : updated.refundCents > 0
            ? `Quote saved: ${money(updated.refundCents)} refunded to the customer.`
            : 'Quote saved.',
      );
      navigate(`/mailbox-requests/${updated.id}?tab=mail`);
    } catch (error) {
      showError(errorText(error));
    }
  };

  return (
    <ForwardRequestPage
      forward={forward}
      back={back}
      title="Update Quote"
      description="Enter what the forward actually costs after packing."
      missing="No forward to quote"
      className="mx-auto w-full max-w-2xl"
    >
      {(r) => (
        <Card>
          <CardContent className="grid gap-4">
            <p className="text-sm">
              {chosen.carrierService ?? r.carrierService ?? 'Service not chosen yet'} ·{' '}
              {chosen.packaging ?? r.packaging ?? 'packaging not chosen'}
            </p>
            <form
              noValidate
              aria-label="Quote"
              className="grid gap-4 sm:grid-cols-3"
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <FormField label="Actual weight (lb)" error={errors.weightLb}>
                <Input inputMode="decimal" value={v.weightLb} onChange={set('weightLb')} data-testid="quote-weight" />
              </FormField>
              <FormField label="Postage (USD)" error={errors.postage}>
                <Input inputMode="decimal" value={v.postage} onChange={set('postage')} data-testid="quote-postage" />
              </FormField>
              <FormField label="Handling (USD)" error={errors.handling}>
                <Input inputMode="decimal" value={v.handling} onChange={set('handling')} data-testid="quote-handling" />
              </FormField>
              <div className="sm:col-span-3">
                <FormField label="Note to the customer (optional)">
                  <Input value={v.note} onChange={set('note')} maxLength={500} />
                </FormField>
              </div>
              <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm sm:col-span-3">
                <dt>Insurance and consolidation (as paid)</dt>
                <dd className="text-right">{money(insurance + consolidation)}</dd>
                <dt className="font-semibold">New total</dt>
                <dd className="text-right font-semibold">{money(total)}</dd>
                <dt>Customer paid</dt>
                <dd className="text-right">{money(r.paidCents)}</dd>
              </dl>
              <p
                className={
                  diff > 0 ? 'text-sm text-warning sm:col-span-3' : 'text-sm text-muted-foreground sm:col-span-3'
                }
                data-testid="quote-difference"
              >
                {diff > 0
                  ? `Higher by ${money(diff)}: the customer must approve before you ship.`
                  : diff < 0
                    ? `Lower by ${money(-diff)}: the difference is refunded.`
                    : 'Same as paid: nothing more to charge.'}
              </p>
              <div className="flex justify-end sm:col-span-3">
                <Button type="submit" loading={quote.isPending} data-testid="quote-save">
                  Save quote
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      )}
    </ForwardRequestPage>
  );
}
