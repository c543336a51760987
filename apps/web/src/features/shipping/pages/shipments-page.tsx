import { Link } from 'react-router';
import { Eye, Layers, ScanBarcode, Truck } from 'lucide-react';
import type { ShipmentListItemDto } from '@postwise/shared/schemas/shipping-dto';
import { CreateShipmentButton } from '../../../components/shipping/create-shipment-button';
import { IconLink, LinkButton } from '../../../components/ui/link-button';
import { SelectFilter } from '../../../components/ui/select-filter';
import { DateFilter } from '../../../components/ui/date-filter';
import { personColumn } from '../../../components/person-column';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { SearchField } from '../../../components/ui/search-field';
import { PageWithHeader } from '../../../components/ui/page-header';
import { listStores } from '../../../stores/list-stores';
import { useUserStore } from '../../../stores/user-store';
import { useShipmentList, type ShipmentFilters, type ShipmentStatus } from '../api/shipping-api';
import { SHIPMENT_STATUS_TEXT, ShipmentStatusBadge } from '../../../components/shipping/shipment-status-badge';
import { ShippingRequestsList } from '../components/shipping-requests-list';
import { useListPage } from '../../../lib/use-list-page';
import { money, shortDate } from '../../../lib/format';

const CARRIERS = ['FedEx', 'UPS', 'USPS', 'DHL Express'] as const;
const store = listStores.shipments;

/** /shipments: own shipments (super admin: everyone's), filtered and searched, paged by the API in SQL. */
export function ShipmentsPage() {
  // The super admin quotes requests on /shipping-requests; a customer accepts their quotes here.
  const isCustomer = useUserStore((s) => s.user?.role.code === 'USER');
  // The super admin sees whose shipment it is and what was earned on it; a customer sees what they saved.
  const isSuperAdmin = useUserStore((s) => s.user?.role.code === 'SUPER_ADMIN');
  const page = useListPage(
    store,
    useShipmentList,
    (p) => [p.pageNo, p.pageSize, p.filters as ShipmentFilters] as const,
    {
      search: true,
    },
  );
  const { list, setFilters, searchText, setSearchText, pagination } = page;
  const filters = page.filters as ShipmentFilters;

  const customerColumn: DataTableColumn<ShipmentListItemDto>[] = isSuperAdmin
    ? [personColumn<ShipmentListItemDto>({ id: 'customer', header: 'Customer', person: (s) => s.customer })]
    : [];

  const columns: DataTableColumn<ShipmentListItemDto>[] = [
    {
      id: 'tracking',
      header: 'Tracking number',
      phone: 'meta',
      phoneCell: (s) => <span className="font-mono">{s.trackingNumber ?? s.uniqueId}</span>,
      cell: (s) => (
        <div className="grid">
          <Link
            to={`/shipments/${s.id}`}
            className="font-mono text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            {s.trackingNumber ?? s.uniqueId}
          </Link>
          {/* The super admin's table gives its Created column to the customer (1280 fits seven columns, not eight). */}
          {isSuperAdmin ? (
            <span className="text-xs whitespace-nowrap text-muted-foreground">{shortDate(s.createdAt)}</span>
          ) : null}
        </div>
      ),
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (s) => <ShipmentStatusBadge status={s.status} /> },
    {
      id: 'service',
      header: 'Carrier / service',
      phone: 'meta',
      phoneCell: (s) => s.carrier,
      cell: (s) => (
        <div className="grid">
          <span className="font-medium">{s.carrier}</span>
          <span className="text-xs text-muted-foreground">{s.service}</span>
        </div>
      ),
    },
    {
      id: 'receiver',
      header: 'Receiver',
      phone: 'title',
      phoneCell: (s) => `${s.receiver.name} · ${s.receiver.city}, ${s.receiver.state}`,
      cell: (s) => (
        <div className="grid">
          <span>{s.receiver.name}</span>
          <span className="text-xs text-muted-foreground">{`${s.receiver.city}, ${s.receiver.state} ${s.receiver.country}`}</span>
        </div>
      ),
    },
    {
      id: 'cost',
      header: 'Cost',
      phone: 'amount',
      phoneCell: (s) =>
        s.margin ? `${money(s.priceCents)} · margin ${money(s.margin.marginCents)}` : money(s.priceCents),
      // The saving reads under the price it was made on (a column of its own pushed the table past 1280).
      cell: (s) => (
        <div className="grid">
          <span className="font-semibold">{money(s.priceCents)}</span>
          {s.savingCents ? (
            <span className="text-xs whitespace-nowrap text-green-hover">{`saved ${money(s.savingCents)} (${s.savingPercent ?? 0}%)`}</span>
          ) : null}
          {s.payLater ? <span className="text-xs text-muted-foreground">Pay later</span> : null}
          {s.margin ? (
            // The super admin's earnings read under the price too: a column of their own would not fit 1280.
            <>
              <span className="text-xs whitespace-nowrap text-muted-foreground">{`cost ${money(s.margin.costCents)} · markup ${money(s.margin.markupCents)}`}</span>
              <span className="text-xs font-semibold whitespace-nowrap">{`margin ${money(s.margin.marginCents)}`}</span>
            </>
          ) : null}
        </div>
      ),
    },
    ...customerColumn,
    ...(isSuperAdmin
      ? []
      : [
          {
            id: 'created',
            header: 'Created',
            phone: 'meta',
            cell: (s) => <span className="whitespace-nowrap">{shortDate(s.createdAt)}</span>,
          } satisfies DataTableColumn<ShipmentListItemDto>,
        ]),
  ];

  const filtered = Boolean(filters.status || filters.carrier || filters.from || filters.to || filters.search);

  return (
    <PageWithHeader
      title="Shipments"
      description={
        isSuperAdmin
          ? "Every customer's labels, with who shipped, the carrier's cost and the margin earned."
          : 'Every label you bought, with its tracking, cost and what you saved.'
      }
      actions={
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/shipments/batches" icon={Layers} variant="outline">
            Batches
          </LinkButton>
          <LinkButton to="/shipments/scan-forms" icon={ScanBarcode} variant="outline">
            SCAN forms
          </LinkButton>
          <CreateShipmentButton />
        </div>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <SelectFilter
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          allLabel="All"
          options={(Object.entries(SHIPMENT_STATUS_TEXT) as [ShipmentStatus, string][])
            .filter(([v]) => v !== 'draft')
            .map(([value, label]) => ({ value, label }))}
          testId="shipment-status-filter"
        />
        <SelectFilter
          label="Carrier"
          value={filters.carrier}
          onChange={(carrier) => setFilters({ carrier })}
          allLabel="All"
          options={CARRIERS.map((c) => ({ value: c, label: c }))}
        />
        <DateFilter label="From" value={filters.from ?? ''} onChange={(v) => setFilters({ from: v || undefined })} />
        <DateFilter label="To" value={filters.to ?? ''} onChange={(v) => setFilters({ to: v || undefined })} />
        <SearchField
          placeholder="Tracking number or receiver"
          value={searchText}
          onChange={setSearchText}
          testId="shipment-search"
        />
      </div>
      <DataTable
        caption="Shipments"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(s) => s.id}
        empty={{
          icon: Truck,
          title: filtered ? 'No shipment matches' : 'No shipments yet',
          description: filtered
            ? 'Try another status, carrier, date or search.'
            : 'Create your first shipment to see it here.',
        }}
        rowLink={(s) => ({ to: `/shipments/${s.id}/full`, label: `Details of ${s.trackingNumber ?? s.uniqueId}` })}
        rowActions={(s) => (
          <IconLink
            to={`/shipments/${s.id}/full`}
            icon={Eye}
            label={`Details of ${s.trackingNumber ?? s.uniqueId}`}
            title="Details"
          />
        )}
        pagination={pagination}
      />
      {isCustomer ? (
        <section className="grid gap-3" aria-labelledby="custom-quotes-heading">
          <h2 id="custom-quotes-heading" className="text-lg font-semibold">
            Custom quote requests
          </h2>
          <ShippingRequestsList mode="customer" />
        </section>
      ) : null}
    </PageWithHeader>
  );
}
