import { useEffect, useState } from 'react';
import { ClipboardList, Send, ThumbsUp } from 'lucide-react';
import { type PaymentChoice, shippingRequestQuoteSchema } from '@postwise/shared/schemas/shipping';
import type { ShippingRequestDto } from '@postwise/shared/shipping-api';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { showError, showSuccess } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { listStores } from '../../../stores/list-stores';
import {
  useAcceptShippingRequest,
  useQuoteShippingRequest,
  useShippingRequestPage,
} from '../api/shipping-requests-api';
import type { FieldErrors } from './address-fields';
import { issuesByField } from './draft-input';
import { useLabelCheckout } from './label-checkout';
import { EMPTY_VALUE, money, shortDate } from '../../../lib/format';
import { useListPage } from '../../../lib/use-list-page';
import { LinkButton } from '../../../components/ui/link-button';

const store = listStores.shippingRequests;

const place = (a: ShippingRequestDto['sender']) => `${a.city}, ${a.state} ${a.zipCode}`;

/** Super admin: carrier, service, price (and optionally cost and transit days) for a pending request. */
function QuoteDialog({ request, onClose }: { request: ShippingRequestDto | null; onClose: () => void }) {
  const quote = useQuoteShippingRequest();
  const [form, setForm] = useState({ carrier: '', service: '', price: '', cost: '', transitDays: '', note: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    const q = request?.quote;
    setForm({
      carrier: q?.carrier ?? '',
      service: q?.service ?? '',
      price: q ? (q.priceCents / 100).toFixed(2) : '',
      cost: q?.costCents != null ? (q.costCents / 100).toFixed(2) : '',
      transitDays: q?.transitDays != null ? String(q.transitDays) : '',
      note: q?.note ?? '',
    });
    setErrors({});
  }, [request]);
  const cents = (v: string) => (v.trim() === '' ? undefined : Math.round(Number(v.replace(/[$,\s]/g, '')) * 100));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!request) return;
    const parsed = shippingRequestQuoteSchema.safeParse({
      carrier: form.carrier,
      service: form.service,
      priceCents: cents(form.price) ?? 0,
      costCents: cents(form.cost),
      transitDays: form.transitDays.trim() === '' ? undefined : form.transitDays,
      note: form.note,
    });
    if (!parsed.success) {
      const found = issuesByField(parsed.error);
      setErrors({ ...found, price: found.priceCents ?? '' });
      return;
    }
    setErrors({});
    try {
      await quote.mutateAsync({ id: request.id, body: parsed.data });
      showSuccess('Quote sent');
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  return (
    <Dialog open={!!request} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Quote this request</DialogTitle>
          <DialogDescription>
            {request ? `${place(request.sender)} → ${place(request.receiver)}` : ''}
          </DialogDescription>
        </DialogHeader>
        {request ? <p className="text-sm whitespace-pre-line">{request.description}</p> : null}
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
          <FormField label="Carrier" error={errors.carrier}>
            <Input {...field('carrier')} data-testid="quote-carrier" />
          </FormField>
          <FormField label="Service" error={errors.service}>
            <Input {...field('service')} data-testid="quote-service" />
          </FormField>
          <FormField label="Price to the customer ($)" error={errors.price || undefined}>
            <Input inputMode="decimal" {...field('price')} data-testid="quote-price" />
          </FormField>
          <FormField label="Our cost ($, optional)" error={errors.costCents}>
            <Input inputMode="decimal" {...field('cost')} />
          </FormField>
          <FormField label="Transit days (optional)" error={errors.transitDays}>
            <Input inputMode="numeric" {...field('transitDays')} />
          </FormField>
          <FormField label="Note (optional)" error={errors.note}>
            <Input {...field('note')} />
          </FormField>
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={quote.isPending} data-testid="send-quote">
              <Send aria-hidden="true" />
              Send quote
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Customer: accept the quote and pay now (card) or later, as on the wizard's quote step. */
function AcceptDialog({ request, onClose }: { request: ShippingRequestDto | null; onClose: () => void }) {
  const accept = useAcceptShippingRequest();
  const [payment, setPayment] = useState<PaymentChoice>('card');
  const checkout = useLabelCheckout({
    purchase: request
      ? {
          for: `${request.id}:${payment}`,
          buy: (idempotencyKey) => accept.mutateAsync({ id: request.id, payment, idempotencyKey }),
        }
      : null,
    pending: accept.isPending,
    onBought: onClose,
  });

  return (
    <>
      <Dialog open={!!request && !checkout.cardDialogOpen} onOpenChange={(open) => (open ? null : onClose())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Accept the quote</DialogTitle>
            <DialogDescription>
              {request?.quote
                ? `${request.quote.carrier} · ${request.quote.service} · ${money(request.quote.priceCents)}`
                : ''}
            </DialogDescription>
          </DialogHeader>
          {request?.quote?.note ? <p className="text-sm">{request.quote.note}</p> : null}
          <div role="radiogroup" aria-label="Payment" className="grid gap-3 sm:grid-cols-2">
            {(
              [
                {
                  value: 'card' as const,
                  title: 'Pay now',
                  hint: checkout.cardHint,
                },
                { value: 'later' as const, title: 'Ship now, pay later', hint: 'Added to your monthly invoice' },
              ] as const
            ).map((o) => (
              <button
                key={o.value}
                type="button"
                role="radio"
                aria-checked={payment === o.value}
                onClick={() => setPayment(o.value)}
                className={cn(
                  'grid gap-1 rounded-card border p-4 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  payment === o.value ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
                )}
              >
                <span className="font-semibold">{o.title}</span>
                <span className="text-sm text-muted-foreground">{o.hint}</span>
              </button>
            ))}
          </div>
          {payment === 'card' ? checkout.cardButton : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="orange" loading={accept.isPending} onClick={() => void checkout.buy()}>
              {payment === 'card' ? 'Pay and create label' : 'Ship now, pay later'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {checkout.cardDialog}
    </>
  );
}

/** Shipping requests: the super admin sees all and quotes; a customer sees their own and accepts a quote. */
export function ShippingRequestsList({ mode }: { mode: 'admin' | 'customer' }) {
  const { list, filters, searchText, setSearchText, pagination } = useListPage(
    store,
    useShippingRequestPage,
    (p) =>
      [
        p.pageNo,
        p.pageSize,
        undefined,
        mode === 'admin' ? (p.filters.search as string | undefined) : undefined,
      ] as const,
    { search: true },
  );
  const search = filters.search as string | undefined;
  const [quoting, setQuoting] = useState<ShippingRequestDto | null>(null);
  const [accepting, setAccepting] = useState<ShippingRequestDto | null>(null);

  const customerColumn: DataTableColumn<ShippingRequestDto> = {
    id: 'customer',
    header: 'Customer',
    phone: 'meta',
    phoneCell: (r) => r.customer?.fullName || r.customer?.email,
    cell: (r) =>
      r.customer ? (
        <span className="grid min-w-44">
          <span className="font-medium">{r.customer.fullName}</span>
          <span className="text-xs break-words text-muted-foreground">{r.customer.email}</span>
        </span>
      ) : (
        EMPTY_VALUE
      ),
  };
  const columns: DataTableColumn<ShippingRequestDto>[] = [
    {
      id: 'created',
      header: 'Requested',
      phone: 'meta',
      phoneCell: (r) => shortDate(r.createdAt),
      cell: (r) => <span className="font-medium">{shortDate(r.createdAt)}</span>,
    },
    ...(mode === 'admin' ? [customerColumn] : []),
    {
      id: 'route',
      header: 'From → to',
      phone: 'title',
      phoneCell: (r) => `${place(r.sender)} → ${place(r.receiver)}`,
      cell: (r) => (
        <span className="grid">
          <span>{`${place(r.sender)} → ${place(r.receiver)}`}</span>
          <span className="text-xs text-muted-foreground">{r.receiver.name}</span>
        </span>
      ),
    },
    {
      id: 'what',
      header: 'What',
      phone: 'meta',
      phoneCell: (r) => `${r.packages.length} × ${r.packages[0]?.packageType ?? 'package'} · ${r.description}`,
      cell: (r) => (
        <span className="line-clamp-2 max-w-xs">{`${r.packages.length} × ${r.packages[0]?.packageType ?? 'package'} · ${r.description}`}</span>
      ),
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (r) => <StatusBadge status={r.status} /> },
    {
      id: 'quote',
      header: 'Quote',
      phone: 'amount',
      phoneCell: (r) => (r.quote ? money(r.quote.priceCents) : null),
      cell: (r) =>
        r.quote ? (
          <span className="grid">
            <span className="font-semibold">{money(r.quote.priceCents)}</span>
            <span className="text-xs text-muted-foreground">{`${r.quote.carrier} · ${r.quote.service}`}</span>
          </span>
        ) : (
          EMPTY_VALUE
        ),
    },
  ];

  return (
    <>
      {mode === 'admin' ? (
        <SearchField
          placeholder="Customer name or e-mail"
          className="sm:w-80"
          value={searchText}
          onChange={setSearchText}
        />
      ) : null}
      <DataTable
        caption="Shipping requests"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(r) => r.id}
        empty={{
          icon: ClipboardList,
          title: search && mode === 'admin' ? 'No shipping requests match' : 'No shipping requests',
          description:
            mode === 'admin'
              ? 'Requests for freight, pallets, oversize or restricted destinations appear here to quote.'
              : 'When no automatic rate fits, ask for a custom quote from the quote step.',
        }}
        rowActions={(r) => {
          if (r.shipmentId) {
            return (
              <LinkButton to={`/shipments/${r.shipmentId}/full`} variant="ghost" size="sm">
                Shipment
              </LinkButton>
            );
          }
          if (mode === 'admin' && (r.status === 'pending' || r.status === 'quoted')) {
            return (
              <Button variant="ghost" size="sm" onClick={() => setQuoting(r)} data-testid="quote-request">
                <Send aria-hidden="true" />
                {r.status === 'pending' ? 'Quote' : 'Change quote'}
              </Button>
            );
          }
          if (mode === 'customer' && r.status === 'quoted') {
            return (
              <Button variant="orange" size="sm" onClick={() => setAccepting(r)} data-testid="accept-request">
                <ThumbsUp aria-hidden="true" />
                Accept and pay
              </Button>
            );
          }
          return null;
        }}
        pagination={pagination}
      />
      {mode === 'admin' ? <QuoteDialog request={quoting} onClose={() => setQuoting(null)} /> : null}
      {mode === 'customer' ? <AcceptDialog request={accepting} onClose={() => setAccepting(null)} /> : null}
    </>
  );
}
