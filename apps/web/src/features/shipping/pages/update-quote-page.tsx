import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Download, FileClock, PackageCheck, RefreshCw } from 'lucide-react';
import type { PaymentChoice } from '@postwise/shared/schemas/shipping';
import { payLaterVerdict } from '@postwise/shared/shipping/pay-later';
import type { QuoteResultDto, ShipmentDto } from '@postwise/shared/schemas/shipping-dto';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Text } from '../../../components/ui/text';
import { post } from '../../../lib/api-client';
import { showError } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { quoteInput, validateAddress } from '../components/draft-input';
import { AddressCorrections } from '../components/address-corrections';
import { useLabelCheckout } from '../components/label-checkout';
import { PaymentOptions } from '../components/payment-options';
import { ShippingRequestForm } from '../components/shipping-request-form';
import { EMPTY_VALUE, money, shortDate } from '../../../lib/format';
import { StepIndicator, WizardFrame, WIZARD_STEPS } from '../components/wizard-frame';
import { downloadLabel, shippingKeys, usePurchaseShipment } from '../api/shipping-api';
import { addressDraft, preferredRateId, useCreateShipmentStore } from '../stores/create-shipment-store';
import { LinkButton } from '../../../components/ui/link-button';

function RateList({
  quote,
  chosen,
  onChoose,
}: {
  quote: QuoteResultDto;
  chosen: string | null;
  onChoose: (id: string) => void;
}) {
  return (
    <div role="radiogroup" aria-label="Rates" className="grid gap-3" data-testid="rates">
      {quote.rates.map((r) => (
        <button
          key={r.id}
          type="button"
          role="radio"
          aria-checked={chosen === r.id}
          data-testid="rate"
          onClick={() => onChoose(r.id)}
          className={cn(
            'grid gap-3 rounded-card border p-4 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:grid-cols-[1fr_auto] sm:items-center',
            chosen === r.id ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
          )}
        >
          <span className="grid gap-1">
            <span className="font-semibold">{`${r.carrier} · ${r.service}`}</span>
            <span className="text-sm text-muted-foreground">
              {`${r.transitDays} ${r.transitDays === 1 ? 'day' : 'days'} · expected ${shortDate(r.expectedDeliveryDate)}`}
              {r.arrivesInTime === false ? ' · arrives after your date' : ''}
            </span>
            {r.insuranceCents > 0 ? (
              <span className="text-sm text-muted-foreground" data-testid="rate-insurance">
                {`+ ${money(r.insuranceCents)} insurance · ${money(r.priceCents + r.insuranceCents)} in all`}
              </span>
            ) : null}
          </span>
          <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1 sm:justify-end">
            <span className="text-sm text-muted-foreground line-through" data-testid="rate-retail">
              <span className="sr-only">Retail price </span>
              {money(r.retailCents)}
            </span>
            <span className="text-lg font-bold" data-testid="rate-price">
              <span className="sr-only">Our price </span>
              {money(r.priceCents)}
            </span>
            <span
              className="rounded-full bg-green-soft px-2 py-0.5 text-xs font-semibold text-green-hover"
              data-testid="rate-saving"
            >
              {`Save ${r.savingPercent}% (${money(r.savingCents)})`}
            </span>
          </span>
        </button>
      ))}
    </div>
  );
}

function Purchased({ shipment }: { shipment: ShipmentDto }) {
  const [busy, setBusy] = useState<'pdf' | 'zpl' | null>(null);
  const download = async (format: 'pdf' | 'zpl') => {
    setBusy(format);
    try {
      await downloadLabel(shipment, format);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="grid gap-6" data-testid="purchase-done">
      <StepIndicator current={5} />
      <div className="grid justify-items-center gap-3 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-green-hover" />
        <Text variant="h3" as="h1" data-testid="page-title">
          Your label is ready
        </Text>
        <p className="text-sm text-muted-foreground">
          {shipment.payLater ? 'Added to your monthly invoice.' : 'Paid.'}{' '}
          {`${shipment.carrier} · ${shipment.service} · ${money(shipment.priceCents)}`}
          {shipment.savingCents ? ` (you saved ${money(shipment.savingCents)})` : ''}
        </p>
        <p className="grid gap-1">
          <span className="text-sm text-muted-foreground">Tracking number</span>
          <span className="font-mono text-lg font-semibold break-all" data-testid="tracking-number">
            {shipment.trackingNumber ?? EMPTY_VALUE}
          </span>
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button onClick={() => void download('pdf')} loading={busy === 'pdf'} data-testid="download-label-pdf">
          <Download aria-hidden="true" />
          Download label (PDF)
        </Button>
        <Button variant="outline" onClick={() => void download('zpl')} loading={busy === 'zpl'}>
          <Download aria-hidden="true" />
          Label for thermal printers (ZPL)
        </Button>
      </div>
      <div className="flex flex-col gap-3 border-t pt-6 sm:flex-row sm:justify-between">
        <LinkButton to={`/shipments/${shipment.id}/full`} variant="ghost">
          See shipment details
        </LinkButton>
        <LinkButton to="/create" variant="orange">
          Create another shipment
        </LinkButton>
      </div>
    </div>
  );
}

/** Step 5: every rate that fits (retail struck through, our price, saving), choose one, pay now or later. */
export function UpdateQuotePage() {
  const draft = useCreateShipmentStore();
  const input = useMemo(
    () => quoteInput(draft),
    // The store's object identity changes on every update; these are what the quote depends on.
    [draft.sender, draft.receiver, draft.packages, draft.customs, draft.preferences], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const addressesOk =
    Object.keys(validateAddress(draft.sender)).length === 0 &&
    Object.keys(validateAddress(draft.receiver)).length === 0;
  const quote = useQuery({
    queryKey: [...shippingKeys.all, 'quote', input],
    queryFn: () => post<QuoteResultDto>('shipments/quotes', input),
    enabled: addressesOk,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const purchase = usePurchaseShipment();
  const [chosen, setChosen] = useState<string | null>(null);
  const [paymentChoice, setPayment] = useState<PaymentChoice>('card');
  const [done, setDone] = useState<ShipmentDto | null>(null);

  const rateId = chosen ?? preferredRateId(quote.data?.rates ?? [], draft.chosenService);
  const rate = quote.data?.rates.find((r) => r.id === rateId);
  // Pay later only for a price within the credit left; a rate that does not fit falls back to paying now.
  // What the label charges: its price and the insurance of the declared values.
  const total = rate ? rate.priceCents + rate.insuranceCents : null;
  const later = quote.data && total !== null ? payLaterVerdict(quote.data.payLater, total) : null;
  const payment: PaymentChoice = paymentChoice === 'later' && later && !later.allowed ? 'card' : paymentChoice;

  // One attempt per (rate, payment).
  const checkout = useLabelCheckout({
    purchase: rateId
      ? {
          for: `${rateId}:${payment}`,
          buy: (idempotencyKey) => purchase.mutateAsync({ rateId, payment, idempotencyKey }),
        }
      : null,
    pending: purchase.isPending,
    onBought: (shipment) => {
      setDone(shipment);
      draft.reset();
    },
  });

  if (done) return <Purchased shipment={done} />;

  let body;
  if (!addressesOk) {
    body = (
      <EmptyState
        icon={FileClock}
        title="Start with the addresses"
        description="The sender and receiver are not filled in yet."
        action={<LinkButton to={WIZARD_STEPS[0].path}>Go to the sender address</LinkButton>}
      />
    );
  } else if (quote.isPending) {
    body = <SkeletonList count={3} className="grid gap-3" itemClassName="h-20 w-full" label="Loading rates" />;
  } else if (quote.isError) {
    body = <QueryErrorState query={quote} title="We could not get rates" icon={RefreshCw} />;
  } else if (quote.data.rates.length === 0) {
    body = (
      <div className="grid gap-6">
        <EmptyState
          icon={PackageCheck}
          title="No automatic rate fits this shipment"
          description={
            quote.data.needsShippingRequest
              ? 'Freight, pallets, oversize or restricted destinations need a custom quote. Tell us about it and we will quote it for you.'
              : 'Check the package sizes and the destination, then try again.'
          }
        />
        {quote.data.needsShippingRequest ? <ShippingRequestForm input={input} /> : null}
      </div>
    );
  } else {
    body = (
      <div className="grid gap-6">
        <AddressCorrections
          corrections={quote.data.addressCorrections}
          onAccept={(party, address) => draft.update({ [party]: addressDraft(address) })}
        />
        <RateList quote={quote.data} chosen={rateId} onChoose={setChosen} />
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Payment</legend>
          <PaymentOptions
            credit={quote.data.payLater}
            priceCents={total}
            cardHint={checkout.cardHint}
            value={payment}
            onChange={setPayment}
          />
          {payment === 'card' ? checkout.cardButton : null}
        </fieldset>
        <Button
          type="button"
          size="lg"
          variant="orange"
          loading={purchase.isPending}
          onClick={() => void checkout.buy()}
          data-testid="buy-label"
        >
          {payment === 'card' ? 'Pay and create label' : 'Ship now, pay later'}
        </Button>
      </div>
    );
  }

  return (
    <>
      <WizardFrame
        step={4}
        title="Update quote"
        description="Every service that fits, at our discounted price. Choose one and pay."
      >
        {body}
      </WizardFrame>
      {checkout.cardDialog}
    </>
  );
}
