import { useEffect, useId, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, CreditCard, MapPin, Plus, ShieldCheck, Truck } from 'lucide-react';
import { ERROR_CODES } from '@postwise/shared/api-types';
import type { SavedPaymentMethod } from '@postwise/shared/billing';
import { carrierServiceName, requestAllowed } from '@postwise/shared/mail';
import {
  DECLARED_VALUE_MAX_MESSAGE,
  INSURANCE_MINIMUM_CENTS,
  INSURANCE_RATE_CENTS_PER_100_DOLLARS,
  insuranceCostCents,
  MAX_DECLARED_VALUE_CENTS,
} from '@postwise/shared/shipping/insurance';
import type { CreatedMailRequest, ForwardRate, MailItem } from '@postwise/shared/mail-api';
import { forwardAddressSchema, type ForwardAddress } from '@postwise/shared/schemas/mail';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { paymentMethodKeys } from '../../../components/payments/payments-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { Label } from '../../../components/ui/label';
import { Skeleton, SkeletonList } from '../../../components/ui/skeleton';
import { ApiError, getPage } from '../../../lib/api-client';
import { cardBrand, money, shortDate } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { errorText, showError, showSuccess } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useUserStore } from '../../../stores/user-store';
import {
  addressOptions,
  sameAddress,
  toSavedAddress,
  useCanUseAddressList,
  useSaveForwardAddress,
  useSavedAddresses,
} from '../api/forward-addresses';
import { useCreateMailRequest, useMailItem, useMailItemsById } from '../api/mail-items';
import { useForwardRates } from '../api/forward-rates';
import { ForwardFrame } from '../components/forward-steps';
import { useForwardDraft } from '../components/forward-draft';

export const FORWARD_SUCCESS = 'Forward requested and paid.';
export const ADDRESS_SAVED = 'Address saved to your list.';

/** Loads the item of the step and checks it can still be forwarded. */
function useForwardItem() {
  const { id } = useParams();
  const item = useMailItem(id);
  const start = useForwardDraft((s) => s.start);
  useEffect(() => {
    if (id) start(id);
  }, [id, start]);
  const others = useMailItemsById(useForwardDraft((s) => s.consolidateItemIds));
  const canForward = (i: MailItem) => !i.openRequest && requestAllowed(i.kind, i.status, 'forward');
  const forwardable = item.data ? canForward(item.data) && others.items.every(canForward) : false;
  return { id: id ?? '', item, forwardable, others: others.items };
}

const backToInbox = (
  <LinkButton to="/inbox" variant="outline">
    Back to the inbox
  </LinkButton>
);

function ItemGate({ item, forwardable }: { item: ReturnType<typeof useMailItem>; forwardable: boolean }) {
  if (item.isPending) return <Skeleton className="h-48" />;
  if (item.isError)
    return (
      <EmptyState
        icon={AlertTriangle}
        title="This item could not be loaded"
        description={item.error.message}
        action={backToInbox}
      />
    );
  if (!forwardable)
    return (
      <EmptyState
        icon={AlertTriangle}
        title="This item cannot be forwarded now"
        description="It already has a request, or it has left the store."
        action={backToInbox}
      />
    );
  return null;
}

/** A step of the forward flow: its frame, then the step's form once the item can be forwarded, else why not. */
function ForwardStep({
  forward,
  title,
  description,
  step,
  children,
}: {
  forward: ReturnType<typeof useForwardItem>;
  title: string;
  description: string;
  step: 0 | 1 | 2;
  children: ReactNode;
}) {
  const { item, forwardable, others } = forward;
  return (
    <ForwardFrame title={title} description={description} step={step} item={item.data} others={others}>
      {item.data && forwardable ? children : <ItemGate item={item} forwardable={forwardable} />}
    </ForwardFrame>
  );
}

/** /inbox/{id}/forward/insurance: declare a value to insure (priced by the shipping insurance rule, up to $5,000). */
export function ForwardInsurancePage() {
  const forward = useForwardItem();
  const { id } = forward;
  const navigate = useNavigate();
  const valueId = useId();
  const declared = useForwardDraft((s) => s.declaredValueCents);
  const setDeclaredValue = useForwardDraft((s) => s.setDeclaredValue);
  const [insure, setInsure] = useState(declared > 0);
  const [dollars, setDollars] = useState(declared > 0 ? String(declared / 100) : '');
  const [error, setError] = useState<string | undefined>();
  const cents = Math.round(Number(dollars) * 100);

  const next = () => {
    if (insure) {
      if (!dollars.trim() || !Number.isFinite(cents) || cents <= 0) {
        setError('Enter the value of the contents in dollars');
        return;
      }
      if (cents > MAX_DECLARED_VALUE_CENTS) {
        setError(DECLARED_VALUE_MAX_MESSAGE);
        return;
      }
      setDeclaredValue(cents);
    } else setDeclaredValue(0);
    navigate(`/inbox/${id}/forward/address`);
  };

  return (
    <ForwardStep
      forward={forward}
      title="Forward: Insurance"
      description="Insure what is inside against loss or damage in transit."
      step={0}
    >
      <Card>
        <CardContent className="grid gap-4">
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-semibold">Insurance</legend>
            {[
              {
                on: false,
                title: 'Standard cover',
                text: 'The carrier’s own liability, at no charge.',
              },
              {
                on: true,
                title: 'Insure the declared value',
                text: `${money(INSURANCE_RATE_CENTS_PER_100_DOLLARS)} per $100 of value or part of it (at least ${money(INSURANCE_MINIMUM_CENTS)}), with the carrier’s rate.`,
              },
            ].map((o) => (
              <RadioCard
                key={String(o.on)}
                name="insurance"
                checked={insure === o.on}
                onChange={() => {
                  setInsure(o.on);
                  setError(undefined);
                }}
                inputTestId={o.on ? 'insurance-declared' : 'insurance-standard'}
              >
                <span className="grid gap-0.5">
                  <span className="font-semibold">{o.title}</span>
                  <span className="text-sm text-muted-foreground">{o.text}</span>
                </span>
              </RadioCard>
            ))}
          </fieldset>
          {insure ? (
            <FormField label="Declared value (USD)" id={valueId} error={error}>
              <Input
                inputMode="decimal"
                placeholder="e.g. 250"
                value={dollars}
                onChange={(e) => {
                  setDollars(e.target.value.replace(/[^\d.]/g, ''));
                  setError(undefined);
                }}
                data-testid="declared-value"
              />
            </FormField>
          ) : null}
          <p className="text-sm" data-testid="insurance-price">
            Insurance: <strong>{money(insure && cents > 0 ? insuranceCostCents(cents) : 0)}</strong>
          </p>
          <StepButtons back="/inbox" backLabel="Cancel">
            <Button onClick={next} data-testid="forward-next">
              Next
            </Button>
          </StepButtons>
        </CardContent>
      </Card>
    </ForwardStep>
  );
}

/** The foot of a forwarding step: the way back on the left, the step's own button on the right. */
function StepButtons({
  back,
  backLabel,
  className,
  children,
}: {
  back: string;
  backLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex justify-between gap-2', className)}>
      <LinkButton to={back} variant="outline">
        {backLabel}
      </LinkButton>
      {children}
    </div>
  );
}

function AddressLines({ address }: { address: ForwardAddress }) {
  return (
    <span className="grid text-sm">
      <span className="font-semibold">{address.name}</span>
      {address.companyName ? <span>{address.companyName}</span> : null}
      <span>
        {address.line1}
        {address.line2 ? `, ${address.line2}` : ''}
      </span>
      <span>
        {address.city}, {address.state} {address.zipCode}
      </span>
      <span>{address.country}</span>
    </span>
  );
}

/** The address the account holds (account information), usable as a forward destination when complete. */
function useAccountAddress(): ForwardAddress | null {
  const user = useUserStore((s) => s.user);
  const p = user?.personal;
  if (!p?.address1 || !p.city || !p.state || !p.zip || !p.country) return null;
  return {
    name: p.fullName,
    line1: p.address1,
    line2: p.address2 || undefined,
    city: p.city,
    state: p.state,
    zipCode: p.zip,
    country: p.country,
    phone: p.phone && /^\d{10}$/.test(p.phone) ? p.phone : undefined,
    companyName: undefined,
  };
}

const ADDRESS_PAGE_SIZE = 5;

/**
 * /inbox/{id}/forward/address: where it goes — any address of the customer's saved list (searched by name;
 * the default sender is not assumed to be the destination), the last one used, the account's own, or a new one.
 */
export function ForwardAddressPage() {
  const forward = useForwardItem();
  const { id } = forward;
  const navigate = useNavigate();
  const chosen = useForwardDraft((s) => s.address);
  const setAddress = useForwardDraft((s) => s.setAddress);
  const onFile = useAccountAddress();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPageNo(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);
  const saved = useSavedAddresses(pageNo, ADDRESS_PAGE_SIZE, search);
  // null: the list is not this account's to use (403) — the step works as before, without an error.
  const hasList = saved.enabled && saved.data !== null;
  const savedPage = saved.data ?? null;
  const options = addressOptions(savedPage?.items ?? [], chosen, onFile);
  const [picked, setPicked] = useState<string | null>(null);
  const lastKey = chosen ? options.find((o) => sameAddress(o.address, chosen))?.key : undefined;
  const current = options.find((o) => o.key === picked) ?? options.find((o) => o.key === lastKey) ?? options[0];
  const pages = savedPage ? Math.max(1, Math.ceil(savedPage.total / ADDRESS_PAGE_SIZE)) : 1;

  return (
    <ForwardStep forward={forward} title="Forward: Address" description="Choose where the store sends it." step={1}>
      <Card>
        <CardContent className="grid gap-4">
          {hasList ? (
            <SearchField
              label="Search your addresses"
              placeholder="Name"
              className="sm:max-w-xs"
              value={searchText}
              onChange={setSearchText}
              testId="address-search"
            />
          ) : null}
          {saved.enabled && saved.isPending ? (
            <SkeletonList count={2} className="grid gap-3" itemClassName="h-20" label="Loading your addresses" />
          ) : options.length === 0 ? (
            <EmptyState
              icon={MapPin}
              title={search ? 'No saved address matches' : 'No address yet'}
              description={search ? 'Try another name, or add a new address.' : 'Add the address to forward to.'}
            />
          ) : (
            <fieldset className="grid gap-3" data-testid="address-options">
              <legend className="mb-2 font-semibold">Your addresses</legend>
              {options.map((o) => (
                <RadioCard
                  key={o.key}
                  name="address"
                  checked={current?.key === o.key}
                  onChange={() => setPicked(o.key)}
                  testId="address-option"
                >
                  <span className="grid min-w-0 flex-1 gap-1">
                    {o.tag ? (
                      <Badge variant="neutral" className="justify-self-start">
                        {o.tag}
                      </Badge>
                    ) : null}
                    <AddressLines address={o.address} />
                  </span>
                </RadioCard>
              ))}
            </fieldset>
          )}
          {saved.isError ? (
            <p role="status" className="text-sm text-muted-foreground">
              Your saved addresses could not be loaded ({saved.error.message}).
            </p>
          ) : null}
          {hasList && pages > 1 ? (
            <div className="flex items-center gap-2 text-sm" data-testid="address-pager">
              <Button size="sm" variant="outline" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
                Previous
              </Button>
              <span className="text-muted-foreground">
                Page {pageNo} of {pages}
              </span>
              <Button size="sm" variant="outline" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
                Next
              </Button>
            </div>
          ) : null}
          <LinkButton
            to={`/inbox/${id}/forward/address/new`}
            icon={Plus}
            variant="outline"
            className="justify-self-start"
            data-testid="new-address-link"
          >
            New address
          </LinkButton>
          <StepButtons back={`/inbox/${id}/forward/insurance`} backLabel="Back">
            <Button
              disabled={!current}
              data-testid="forward-next"
              onClick={() => {
                if (!current) return;
                setAddress(current.address);
                navigate(`/inbox/${id}/payment`);
              }}
            >
              Next
            </Button>
          </StepButtons>
        </CardContent>
      </Card>
    </ForwardStep>
  );
}

type AddressForm = {
  name: string;
  companyName?: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone?: string;
};

/** /inbox/{id}/forward/address/new: a new destination, checked with the API's own schema. */
export function ForwardAddressNewPage() {
  const forward = useForwardItem();
  const { id } = forward;
  const navigate = useNavigate();
  const setAddress = useForwardDraft((s) => s.setAddress);
  const canSave = useCanUseAddressList();
  const saveId = useId();
  const [saveToList, setSaveToList] = useState(false);
  const saveAddress = useSaveForwardAddress();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddressForm, unknown, ForwardAddress>({
    resolver: zodResolver(forwardAddressSchema) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { country: 'United States' },
  });
  const field = (name: keyof AddressForm, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} error={errors[name]?.message}>
      <Input
        {...register(name, { setValueAs: (v: string) => (v === '' ? undefined : v) })}
        {...props}
        data-testid={`address-${name}`}
      />
    </FormField>
  );

  return (
    <ForwardStep forward={forward} title="Forward: New Address" description="Where should the store send it?" step={1}>
      <Card>
        <CardContent>
          <form
            noValidate
            aria-label="New address"
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={handleSubmit(async (address) => {
              if (canSave && saveToList) {
                const check = toSavedAddress(address);
                if (!check.ok) {
                  for (const e of check.errors) setError(e.field, { message: e.message });
                  return;
                }
                try {
                  await saveAddress.mutateAsync(check.body);
                  showSuccess(ADDRESS_SAVED);
                } catch (error) {
                  showError(error);
                  return;
                }
              }
              setAddress(address);
              navigate(`/inbox/${id}/payment`);
            })}
          >
            {field('name', 'Name', { autoComplete: 'name' })}
            {field('companyName', 'Company (optional)', { autoComplete: 'organization' })}
            <div className="sm:col-span-2">{field('line1', 'Address 1', { autoComplete: 'address-line1' })}</div>
            <div className="sm:col-span-2">
              {field('line2', 'Address 2 (optional)', { autoComplete: 'address-line2' })}
            </div>
            {field('city', 'City', { autoComplete: 'address-level2' })}
            {field('state', 'State', { autoComplete: 'address-level1' })}
            {field('zipCode', 'Zip Code', { autoComplete: 'postal-code', maxLength: 10 })}
            {field('country', 'Country', { autoComplete: 'country-name' })}
            {field('phone', 'Phone (optional)', {
              inputMode: 'numeric',
              maxLength: 10,
              autoComplete: 'tel-national',
            })}
            {canSave ? (
              <div className="flex items-center gap-2 sm:col-span-2">
                <Checkbox
                  id={saveId}
                  checked={saveToList}
                  onCheckedChange={(v) => setSaveToList(v === true)}
                  data-testid="address-save"
                />
                <Label htmlFor={saveId}>Save to my address list</Label>
              </div>
            ) : null}
            <StepButtons back={`/inbox/${id}/forward/address`} backLabel="Back" className="sm:col-span-2">
              <Button type="submit" loading={saveAddress.isPending} data-testid="forward-next">
                Use this address
              </Button>
            </StepButtons>
          </form>
        </CardContent>
      </Card>
    </ForwardStep>
  );
}

function useDefaultCard() {
  return useQuery({
    queryKey: paymentMethodKeys.list(),
    queryFn: () => getPage<SavedPaymentMethod>('paymentMethods', {}).then((p) => p.items),
    select: (cards) => cards.find((c) => c.isDefault) ?? null,
  });
}

/** A choice among a few, as a card: its radio button first, the card marked while chosen (insurance, address, rate). */
function RadioCard({
  name,
  checked,
  onChange,
  compact = false,
  testId,
  inputTestId,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  /** One line, centred, with less padding (a rate). */
  compact?: boolean;
  testId?: string;
  inputTestId?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-card border',
        compact ? 'items-center p-3' : 'items-start p-4',
        checked && 'border-primary bg-primary-soft/40',
      )}
      data-testid={testId}
    >
      <input
        type="radio"
        name={name}
        className={cn('size-4 shrink-0 accent-(--color-primary)', !compact && 'mt-1')}
        checked={checked}
        onChange={onChange}
        data-testid={inputTestId}
      />
      {children}
    </label>
  );
}

/** One choice of the payment step: a carrier's service rated live, or the fixed formula where none could be had. */
function RateOption({ rate, checked, onChoose }: { rate: ForwardRate; checked: boolean; onChoose: () => void }) {
  const days =
    rate.transitDays === null ? null : `${rate.transitDays} business day${rate.transitDays === 1 ? '' : 's'}`;
  return (
    <RadioCard name="forward-rate" checked={checked} onChange={onChoose} compact testId="forward-rate">
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold">
          {rate.carrier && rate.service
            ? carrierServiceName(rate.carrier, rate.service)
            : 'Standard forwarding (estimate)'}
        </span>
        <span className="text-sm text-muted-foreground">
          {days ? (
            <span className="inline-flex items-center gap-1">
              <Truck aria-hidden="true" className="size-3.5" />
              {days}
              {rate.expectedDeliveryDate ? ` · arrives by ${shortDate(rate.expectedDeliveryDate)}` : ''}
            </span>
          ) : (
            'Priced from weight and size; the store confirms the carrier.'
          )}
        </span>
      </span>
      <span className="font-semibold tabular-nums" data-testid="forward-rate-price">
        {money(rate.priceCents)}
      </span>
    </RadioCard>
  );
}

/**
 * /inbox/{id}/payment: the carriers' live rates for the parcel (carrier, service, days, price with handling), a
 * signature and the insurance priced with them, paid with the default card at exactly the price shown. Where no
 * rate can be had the fixed formula is offered, marked as an estimate.
 */
export function ForwardPaymentPage() {
  const { id, item, forwardable, others } = useForwardItem();
  const navigate = useNavigate();
  const draft = useForwardDraft();
  const card = useDefaultCard();
  const create = useCreateMailRequest();
  const [cardOpen, setCardOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [signature, setSignature] = useState(false);
  const signatureId = useId();
  const ratesInput =
    draft.address && draft.itemId === id && forwardable
      ? {
          itemId: id,
          address: draft.address,
          itemIds: draft.consolidateItemIds,
          declaredValueCents: draft.declaredValueCents,
        }
      : null;
  const rates = useForwardRates(ratesInput);
  if (!draft.address && draft.itemId === id) return <Navigate to={`/inbox/${id}/forward/address`} replace />;

  const offered = rates.data?.rates ?? [];
  const chosen = offered.find((r) => r.rateId === picked) ?? offered[0] ?? null;
  const total = chosen ? chosen.priceCents + chosen.insuranceCents + (signature ? chosen.signatureCents : 0) : null;
  const pay = async () => {
    if (!draft.address || !chosen || create.isPending) return;
    const key = draft.idempotencyKey ?? newIdempotencyKey();
    draft.setIdempotencyKey(key);
    try {
      const created: CreatedMailRequest = await create.mutateAsync({
        itemId: id,
        input: {
          type: 'forward',
          rateId: chosen.rateId,
          signature,
          address: draft.address,
          declaredValueCents: draft.declaredValueCents,
          consolidateItemIds: draft.consolidateItemIds,
        },
        idempotencyKey: key,
      });
      draft.reset();
      showSuccess(FORWARD_SUCCESS);
      navigate('/inbox/forward/success', { replace: true, state: { request: created.request } });
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === ERROR_CODES.NO_DEFAULT_PAYMENT_METHOD || error.code === ERROR_CODES.NO_CUSTOMER_ID)
      ) {
        setCardOpen(true);
      } else {
        // A refused card (or rates gone stale) ends this attempt: paying again is a new attempt with a new key.
        if (error instanceof ApiError && (error.code === ERROR_CODES.PAYMENT_FAILED || error.status === 422)) {
          draft.setIdempotencyKey(null);
        }
        if (error instanceof ApiError && error.status === 422) void rates.refetch();
        showError(errorText(error));
      }
    }
  };

  return (
    <ForwardFrame
      title="Forward: Payment"
      description="Choose how it ships. Postage, handling and insurance are paid now."
      step={2}
      item={item.data}
      others={others}
    >
      {item.data && forwardable && draft.address ? (
        <div className="grid gap-4 md:grid-cols-2">
          <div className="grid content-start gap-4">
            <Card>
              <CardHeader>
                <CardTitle>Carrier and service</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3 pt-0">
                {rates.isPending ? (
                  <SkeletonList count={3} className="grid gap-2" itemClassName="h-16" label="Getting carrier rates" />
                ) : rates.isError ? (
                  <QueryErrorState query={rates} title="Rates could not be loaded" icon={AlertTriangle} />
                ) : (
                  <>
                    {rates.data && !rates.data.live ? (
                      <p
                        role="status"
                        className="rounded-card bg-muted p-3 text-sm text-muted-foreground"
                        data-testid="forward-fallback"
                      >
                        {rates.data.fallbackReason}
                      </p>
                    ) : null}
                    {rates.data?.parcel ? (
                      <p className="text-sm text-muted-foreground" data-testid="forward-parcel">
                        One parcel: {rates.data.parcel.weightLb} lb, {rates.data.parcel.dimensions.lengthIn} ×{' '}
                        {rates.data.parcel.dimensions.widthIn} × {rates.data.parcel.dimensions.heightIn} in
                      </p>
                    ) : null}
                    <fieldset className="grid gap-2" data-testid="forward-rates">
                      <legend className="sr-only">Carrier and service</legend>
                      {offered.map((r) => (
                        <RateOption
                          key={r.rateId}
                          rate={r}
                          checked={chosen?.rateId === r.rateId}
                          onChoose={() => setPicked(r.rateId)}
                        />
                      ))}
                    </fieldset>
                  </>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Ship to</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3 pt-0">
                <AddressLines address={draft.address} />
                <LinkButton to={`/inbox/${id}/forward/address`} variant="link" className="justify-self-start">
                  Change
                </LinkButton>
              </CardContent>
            </Card>
          </div>
          <Card className="content-start">
            <CardHeader>
              <CardTitle>Price</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 pt-0">
              {chosen && total !== null ? (
                <>
                  <div className="flex items-center gap-2">
                    <Checkbox
                      id={signatureId}
                      checked={signature}
                      onCheckedChange={(v) => setSignature(v === true)}
                      data-testid="forward-signature"
                    />
                    <Label htmlFor={signatureId}>Signature on delivery (+{money(chosen.signatureCents)})</Label>
                  </div>
                  <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 text-sm" data-testid="forward-quote">
                    <dt>
                      {chosen.carrier && chosen.service
                        ? `Postage (${carrierServiceName(chosen.carrier, chosen.service)})`
                        : 'Postage (estimate from weight and size)'}
                    </dt>
                    <dd className="text-right">{money(chosen.postageCents)}</dd>
                    <dt>Handling</dt>
                    <dd className="text-right">{money(chosen.handlingCents)}</dd>
                    {chosen.consolidationCents ? (
                      <>
                        <dt>Consolidation ({others.length + 1} items)</dt>
                        <dd className="text-right">{money(chosen.consolidationCents)}</dd>
                      </>
                    ) : null}
                    {signature ? (
                      <>
                        <dt>Signature on delivery</dt>
                        <dd className="text-right">{money(chosen.signatureCents)}</dd>
                      </>
                    ) : null}
                    <dt>Insurance{draft.declaredValueCents ? ` (${money(draft.declaredValueCents)} declared)` : ''}</dt>
                    <dd className="text-right">{money(chosen.insuranceCents)}</dd>
                    <dt className="border-t pt-2 font-semibold">Total</dt>
                    <dd className="border-t pt-2 text-right font-semibold" data-testid="forward-total">
                      {money(total)}
                    </dd>
                  </dl>
                  <p className="text-xs text-muted-foreground">
                    {chosen.kind === 'live'
                      ? 'The carrier’s rate: the price you pay is the price charged.'
                      : 'If packing costs more than this estimate, you approve the new price before it ships; if less, the difference is refunded.'}
                  </p>
                </>
              ) : rates.isPending ? (
                <Skeleton className="h-32" />
              ) : null}
              <div className="flex items-center gap-2 rounded-card bg-muted p-3 text-sm" data-testid="payment-card">
                <CreditCard aria-hidden="true" className="size-4" />
                {card.isPending ? (
                  <Skeleton className="h-4 w-32" />
                ) : card.data ? (
                  <span>
                    {cardBrand(card.data.card.brand)} ending {card.data.card.last4}
                  </span>
                ) : (
                  <span>No saved card: you add one when you pay.</span>
                )}
              </div>
              <Button
                variant="orange"
                size="lg"
                loading={create.isPending}
                disabled={!chosen}
                onClick={() => void pay()}
                data-testid="forward-pay"
              >
                <ShieldCheck aria-hidden="true" />
                {total !== null ? `Pay ${money(total)} and forward` : 'Pay and forward'}
              </Button>
            </CardContent>
          </Card>
        </div>
      ) : (
        <ItemGate item={item} forwardable={forwardable} />
      )}
      <EnterCardDetailsDialog open={cardOpen} onOpenChange={setCardOpen} onSaved={() => void pay()} />
    </ForwardFrame>
  );
}

/** /inbox/forward/success: what was requested, and what happens next. */
export function ForwardSuccessPage() {
  const location = useLocation();
  const request = (location.state as { request?: CreatedMailRequest['request'] } | null)?.request;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <Card>
        <CardContent className="grid justify-items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-green-soft text-green-hover">
            <CheckCircle2 aria-hidden="true" className="size-8" />
          </span>
          <h1 className="text-2xl font-bold" data-testid="page-title">
            Forward requested
          </h1>
          <p className="text-muted-foreground">
            The store packs it and sends it on. We will notify you with the tracking number when it ships.
          </p>
          {request ? (
            <p className="text-sm" data-testid="forward-paid">
              Paid {money(request.paidCents)} · {request.item.sender}
            </p>
          ) : null}
          <LinkButton to="/inbox">Back to the inbox</LinkButton>
        </CardContent>
      </Card>
    </div>
  );
}
