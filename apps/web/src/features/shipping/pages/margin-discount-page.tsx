import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { BadgePercent, Pencil, Plus, Trash2, Wallet } from 'lucide-react';
import type { AdjustmentType, MarginDiscountDto } from '@postwise/shared/shipping-api';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
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
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { showError, showSuccess } from '../../../lib/toast';
import { listStores } from '../../../stores/list-stores';
import {
  useCarrierConfigs,
  useDeleteMarginDiscount,
  useMarginDiscountPage,
  useSaveMarginDiscount,
  useSetCreditLimit,
  useShippingAccount,
} from '../api/shipping-config-api';
import { CustomerPicker } from '../components/customer-picker';
import { ChoiceSelect } from '../../../components/ui/choice-select';
import { EMPTY_VALUE, dateTime, money } from '../../../lib/format';
import { useListPage } from '../../../lib/use-list-page';
import { usePager } from '../../../lib/use-pager';

const discountStore = listStores.userMarginDiscount;
const ALL = 'All';

function adjustmentText(m: Pick<MarginDiscountDto, 'type' | 'value'>): string {
  return m.type === 'PERCENTAGE' ? `${m.value}%` : money(m.value);
}

function scopeText(m: Pick<MarginDiscountDto, 'carrier' | 'service'>): string {
  if (!m.carrier) return 'All carriers';
  return m.service ? m.service : `${m.carrier} · all services`;
}

interface Editing {
  kind: MarginDiscountDto['kind'];
  row: MarginDiscountDto | null;
}

/** Add or edit a markup (carrier and service) or a customer's discount. */
function MarginDiscountDialog({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const carriers = useCarrierConfigs();
  const save = useSaveMarginDiscount();
  const [carrier, setCarrier] = useState(ALL);
  const [service, setService] = useState(ALL);
  const [type, setType] = useState<AdjustmentType>('PERCENTAGE');
  const [value, setValue] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ value?: string; userId?: string }>({});

  useEffect(() => {
    const row = editing?.row;
    setCarrier(row?.carrier ?? ALL);
    setService(row?.service ?? ALL);
    setType(row?.type ?? 'PERCENTAGE');
    setValue(row ? (row.type === 'AMOUNT' ? (row.value / 100).toFixed(2) : String(row.value)) : '');
    setUserId(row?.userId ?? null);
    setErrors({});
  }, [editing]);

  const services = useMemo(() => carriers.data?.flatMap((c) => c.services) ?? [], [carriers.data]);
  const carrierNames = [ALL, ...new Set(services.map((s) => s.carrier))];
  const serviceNames = [ALL, ...services.filter((s) => s.carrier === carrier).map((s) => s.service)];
  const kind = editing?.kind ?? 'markup';
  const isEdit = !!editing?.row;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const amount = Number(value.replace(/[$,%\s]/g, ''));
    const next: typeof errors = {};
    if (value.trim() === '' || !Number.isFinite(amount)) next.value = 'Value must be a number';
    else if (amount < 0) next.value = 'Value cannot be negative';
    if (kind === 'discount' && !userId) next.userId = 'Customer is required for a discount';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await save.mutateAsync({
        kind,
        userId: kind === 'discount' ? userId : null,
        carrier: carrier === ALL ? null : carrier,
        service: carrier === ALL || service === ALL ? null : service,
        type,
        value: type === 'AMOUNT' ? Math.round(amount * 100) : amount,
      });
      showSuccess(kind === 'markup' ? 'Markup saved' : 'Discount saved');
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const noun = kind === 'markup' ? 'markup' : 'discount';
  return (
    <Dialog open={!!editing} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent data-testid="margin-dialog">
        <DialogHeader>
          <DialogTitle>{`${isEdit ? 'Edit' : 'Add'} ${noun}`}</DialogTitle>
          <DialogDescription>
            {kind === 'markup'
              ? 'Added on top of the negotiated carrier cost. The most specific rule wins: a service, then a carrier, then all carriers.'
              : 'Taken off this customer’s price. The price never goes below the carrier cost, however large the discount.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          {kind === 'discount' ? (
            isEdit ? (
              <p className="text-sm">
                <span className="text-muted-foreground">Customer: </span>
                {editing?.row?.user?.fullName ?? editing?.row?.user?.email}
              </p>
            ) : (
              <CustomerPicker value={userId} onChange={(id) => setUserId(id)} error={errors.userId} />
            )
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {isEdit ? (
              <p className="text-sm sm:col-span-2">
                <span className="text-muted-foreground">Applies to: </span>
                {scopeText(editing!.row!)}
              </p>
            ) : (
              <>
                <ChoiceSelect
                  label="Carrier"
                  value={carrier}
                  options={carrierNames}
                  onChange={(v) => {
                    setCarrier(v);
                    setService(ALL);
                  }}
                  testId="margin-carrier"
                />
                <ChoiceSelect
                  label="Service"
                  value={service}
                  options={carrier === ALL ? [ALL] : serviceNames}
                  onChange={setService}
                  testId="margin-service"
                />
              </>
            )}
            <ChoiceSelect
              label="Type"
              value={type}
              options={['PERCENTAGE', 'AMOUNT'] as const}
              onChange={setType}
              testId="margin-type"
            />
            <FormField label={type === 'AMOUNT' ? 'Amount ($ per shipment)' : 'Percentage (%)'} error={errors.value}>
              <Input
                inputMode="decimal"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                data-testid="margin-value"
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="margin-save">
              {`Save ${noun}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function useDelete() {
  const remove = useDeleteMarginDiscount();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (row: MarginDiscountDto) => {
    setBusy(row.id);
    try {
      await remove.mutateAsync(row.id);
      showSuccess(row.kind === 'markup' ? 'Markup removed' : 'Discount removed');
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

function RowActions({
  row,
  onEdit,
  onDelete,
  busy,
}: {
  row: MarginDiscountDto;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const what = row.kind === 'markup' ? `the markup on ${scopeText(row)}` : `the discount of ${row.user?.email ?? ''}`;
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={`Edit ${what}`} onClick={onEdit} data-testid="margin-edit">
        <Pencil aria-hidden="true" />
        <span className="max-sm:sr-only">Edit</span>
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete ${what}`} loading={busy} onClick={onDelete}>
        <Trash2 aria-hidden="true" />
        <span className="max-sm:sr-only">Delete</span>
      </Button>
    </>
  );
}

/** A customer's pay-later credit limit (0: pay later not allowed) and what they owe on open invoices. */
function CreditLimitCard() {
  const [userId, setUserId] = useState<string | null>(null);
  const account = useShippingAccount(userId);
  const setLimit = useSetCreditLimit();
  const [limit, setLimitText] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (account.data) setLimitText((account.data.creditLimitCents / 100).toFixed(2));
  }, [account.data]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const dollars = Number(limit.replace(/[$,\s]/g, ''));
    if (!userId) return;
    if (limit.trim() === '' || !Number.isFinite(dollars)) return setError('Credit limit must be a number');
    if (dollars < 0) return setError('Credit limit cannot be negative');
    setError(undefined);
    try {
      await setLimit.mutateAsync({ userId, creditLimitCents: Math.round(dollars * 100) });
      showSuccess('Credit limit saved');
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet aria-hidden="true" className="size-5 text-primary" />
          Pay-later credit limit
        </CardTitle>
        <CardDescription>
          How much a customer may ship now and pay on the monthly invoice. 0 means pay later is not allowed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2 sm:items-start" onSubmit={(e) => void submit(e)} noValidate>
          <CustomerPicker value={userId} onChange={(id) => setUserId(id)} testId="credit-customer" />
          {!userId ? (
            <p className="text-sm text-muted-foreground sm:pt-8">Choose a customer to see and set their limit.</p>
          ) : account.isPending ? (
            <Skeleton className="h-24 w-full" aria-label="Loading the account" />
          ) : account.isError ? (
            <p role="alert" className="text-sm text-destructive sm:pt-8">
              {account.error.message}
            </p>
          ) : (
            <div className="grid gap-3">
              <FormField label="Credit limit ($)" error={error}>
                <Input
                  inputMode="decimal"
                  value={limit}
                  onChange={(e) => setLimitText(e.target.value)}
                  data-testid="credit-limit"
                />
              </FormField>
              <p className="text-sm text-muted-foreground">
                {`Owed on open invoices: ${money(account.data.payLaterOutstandingCents)} · refund credit: ${money(account.data.creditBalanceCents)}`}
              </p>
              <Button type="submit" className="justify-self-start" loading={setLimit.isPending}>
                Save credit limit
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

/** One of the page's tables under its heading, with the button that adds a row beside the heading. */
function TableSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-3" aria-labelledby={id}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** /configuration/margin-discount: markups per carrier and service, per-customer discounts, pay-later limits. */
export function MarginDiscountPage() {
  const markupPager = usePager();
  const markups = useMarginDiscountPage('markup', markupPager.pageNo, markupPager.pageSize);
  const { list: discounts, pagination } = useListPage(
    discountStore,
    useMarginDiscountPage,
    (p) => ['discount', p.pageNo, p.pageSize] as const,
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const remove = useDelete();

  const common: DataTableColumn<MarginDiscountDto>[] = [
    {
      id: 'adjustment',
      header: 'Adjustment',
      phone: 'amount',
      cell: (m) => <span className="font-semibold">{adjustmentText(m)}</span>,
    },
    { id: 'type', header: 'Type', phone: 'hidden', cell: (m) => m.type },
    { id: 'updated', header: 'Updated', phone: 'hidden', cell: (m) => dateTime(m.updatedAt) },
  ];
  const markupColumns: DataTableColumn<MarginDiscountDto>[] = [
    {
      id: 'scope',
      header: 'Carrier and service',
      phone: 'title',
      phoneCell: scopeText,
      cell: (m) => <span className="font-medium">{scopeText(m)}</span>,
    },
    ...common,
  ];
  const discountColumns: DataTableColumn<MarginDiscountDto>[] = [
    {
      id: 'customer',
      header: 'Customer',
      phone: 'title',
      phoneCell: (m) => m.user?.fullName || m.user?.email,
      cell: (m) => (
        <span className="grid">
          <span className="font-medium">{m.user?.fullName ?? EMPTY_VALUE}</span>
          <span className="text-xs break-all text-muted-foreground">{m.user?.email}</span>
        </span>
      ),
    },
    { id: 'scope', header: 'Applies to', phone: 'meta', cell: scopeText },
    ...common,
  ];

  const actions = (m: MarginDiscountDto) => (
    <RowActions
      row={m}
      busy={remove.busy === m.id}
      onEdit={() => setEditing({ kind: m.kind, row: m })}
      onDelete={() => void remove.run(m)}
    />
  );

  return (
    <div className="grid gap-8">
      <PageHeader
        title="Margin & Discount"
        description="Our price = negotiated carrier cost + markup − customer discount. It never goes below the carrier cost, and every quote records all four."
      />

      <TableSection
        id="markups-heading"
        title="Markups"
        action={
          <Button onClick={() => setEditing({ kind: 'markup', row: null })} data-testid="add-markup">
            <Plus aria-hidden="true" />
            Add markup
          </Button>
        }
      >
        <DataTable
          caption="Markups per carrier and service"
          columns={markupColumns}
          {...tableQueryProps(markups)}
          getRowId={(m) => m.id}
          empty={{
            icon: BadgePercent,
            title: 'No markup yet',
            description: 'Without one, customers pay the negotiated carrier cost.',
          }}
          rowActions={actions}
          pagination={markupPager.pagination(markups.data)}
        />
      </TableSection>

      <TableSection
        id="discounts-heading"
        title="Customer discounts"
        action={
          <Button variant="outline" onClick={() => setEditing({ kind: 'discount', row: null })}>
            <Plus aria-hidden="true" />
            Add discount
          </Button>
        }
      >
        <DataTable
          caption="Discounts per customer"
          columns={discountColumns}
          {...tableQueryProps(discounts)}
          getRowId={(m) => m.id}
          empty={{
            icon: BadgePercent,
            title: 'No customer discount yet',
            description: 'Give a customer a lower price on every carrier, one carrier or one service.',
          }}
          rowActions={actions}
          pagination={pagination}
        />
      </TableSection>

      <CreditLimitCard />
      <MarginDiscountDialog editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
