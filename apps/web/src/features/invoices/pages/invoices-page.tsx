import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeftRight, Download, Eye, FileText } from 'lucide-react';
import type { Invoice } from '@postwise/shared/billing';
import { IconButton } from '../../../components/ui/icon-button';
import { IconLink, LinkButton } from '../../../components/ui/link-button';
import { personColumn } from '../../../components/person-column';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { SearchField } from '../../../components/ui/search-field';
import { PageWithHeader } from '../../../components/ui/page-header';
import { showError } from '../../../lib/toast';
import { listStores } from '../../../stores/list-stores';
import { useUserStore } from '../../../stores/user-store';
import { downloadInvoicePdf, type InvoiceScope, useInvoiceList } from '../api/invoices-api';
import { categoryLabel, InvoiceStatusBadge } from '../components/invoice-format';
import { EMPTY_VALUE, money, shortDate } from '../../../lib/format';
import { useListPage } from '../../../lib/use-list-page';
import { filterOptions, SelectFilter } from '../../../components/ui/select-filter';

const STATUS_VALUES = ['pending', 'paid', 'void'] as const;
type StatusFilter = (typeof STATUS_VALUES)[number];
const INVOICE_STATUS_OPTIONS = filterOptions(STATUS_VALUES, { pending: 'Pending', paid: 'Paid', void: 'Void' });

function statusFromQuery(value: string | null): StatusFilter | undefined {
  return STATUS_VALUES.find((s) => s === value);
}

/** A list of invoices: Invoices & Billing (`billing`) or My Invoices (`mine`), filtered by ?p_s=pending. */
function InvoiceList({ scope }: { scope: InvoiceScope }) {
  const store = scope === 'mine' ? listStores.myInvoices : listStores.invoiceBilling;
  const user = useUserStore((s) => s.user);
  const [params, setParams] = useSearchParams();
  const status = statusFromQuery(params.get('p_s'));
  const { list, setFilters, searchText, setSearchText, pagination } = useListPage(
    store,
    useInvoiceList,
    (p) => [scope, p.pageNo, p.pageSize, { status, search: p.filters.search as string | undefined }] as const,
    { search: true },
  );
  const [downloading, setDownloading] = useState<string | null>(null);

  // A new status (link with p_s, or the select) starts at page 1 (spec 4).
  useEffect(() => {
    setFilters({ status });
  }, [status, setFilters]);

  const base = scope === 'mine' ? '/my-invoices' : '/invoices-billing';
  const isAdminView = scope === 'billing' && user?.role.code !== 'USER';
  const download = async (invoice: Invoice) => {
    setDownloading(invoice.id);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(null);
    }
  };

  const columns: DataTableColumn<Invoice>[] = [
    {
      id: 'number',
      header: 'Invoice',
      phone: 'title',
      phoneCell: (i) => i.number,
      cell: (i) => (
        <Link
          to={`${base}/${i.id}`}
          className="font-semibold whitespace-nowrap text-primary underline-offset-4 hover:underline"
        >
          {i.number}
        </Link>
      ),
    },
    ...(isAdminView
      ? [personColumn<Invoice>({ id: 'customer', header: 'Billed to', person: (i) => i.user, strong: true })]
      : []),
    {
      id: 'what',
      header: 'Description',
      phone: isAdminView ? 'hidden' : 'meta',
      phoneCell: (i) => i.planName || categoryLabel(i.category),
      cell: (i) => (
        <div className="grid">
          <span>{categoryLabel(i.category)}</span>
          {i.planName ? <span className="text-xs text-muted-foreground">{i.planName}</span> : null}
        </div>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      phone: 'meta',
      cell: (i) => <span className="whitespace-nowrap">{shortDate(i.createdAt)}</span>,
    },
    {
      id: 'due',
      header: 'Due',
      phone: 'meta',
      phoneLabel: 'Due',
      cell: (i) =>
        i.status === 'open' ? <span className="whitespace-nowrap">{shortDate(i.dueAt)}</span> : EMPTY_VALUE,
    },
    {
      id: 'amount',
      header: 'Amount',
      phone: 'amount',
      cell: (i) => <span className="font-semibold">{money(i.totalCents)}</span>,
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (i) => <InvoiceStatusBadge invoice={i} /> },
  ];

  return (
    <PageWithHeader
      title={scope === 'mine' ? 'My Invoices' : user?.role.code === 'USER' ? 'Invoices' : 'Invoices & Billing'}
      description={
        scope === 'mine'
          ? 'What the platform bills you: your reseller plan, its renewals and fees.'
          : user?.role.code === 'USER'
            ? 'Your subscription invoices, fees and payments.'
            : 'Invoices issued to your customers and their payments.'
      }
      actions={
        scope === 'billing' ? (
          <LinkButton to="/invoices-billing/transactions" icon={ArrowLeftRight} variant="outline">
            Transactions
          </LinkButton>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectFilter
          label="Status"
          className="sm:w-48"
          value={status}
          onChange={(v) => {
            const next = new URLSearchParams(params);
            if (v === undefined) next.delete('p_s');
            else next.set('p_s', v);
            setParams(next, { replace: true });
          }}
          allLabel="All"
          options={INVOICE_STATUS_OPTIONS}
          testId="invoice-status-filter"
        />
        <SearchField
          placeholder={isAdminView ? 'Invoice number or e-mail' : 'Invoice number'}
          className="sm:w-72"
          value={searchText}
          onChange={setSearchText}
        />
      </div>
      <DataTable
        caption={scope === 'mine' ? 'My invoices' : 'Invoices'}
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(i) => i.id}
        empty={{
          icon: FileText,
          title: status === 'pending' ? 'No pending invoices' : 'No invoices yet',
          description:
            status === 'pending' ? 'Everything is paid.' : 'Invoices appear here after a purchase or a renewal.',
        }}
        rowLink={(i) => ({ to: `${base}/${i.id}`, label: `View ${i.number}` })}
        rowActions={(i) => (
          <>
            {/* Icon buttons (named by aria-label and title) leave the number, dates and customer room at 1280. */}
            <IconLink to={`${base}/${i.id}`} icon={Eye} label={`View ${i.number}`} title="View" />
            <IconButton
              icon={Download}
              label={`Download ${i.number} as PDF`}
              title="Download PDF"
              loading={downloading === i.id}
              onClick={() => void download(i)}
            />
          </>
        )}
        pagination={pagination}
      />
    </PageWithHeader>
  );
}

/** Invoices & Billing (/invoices-billing): a customer's own, a sub-admin's issued, or every invoice. */
export function InvoicesBillingPage() {
  return <InvoiceList scope="billing" />;
}

/** My Invoices (/my-invoices, SUB_ADMIN): what the platform bills the sub-admin. */
export function MyInvoicesPage() {
  return <InvoiceList scope="mine" />;
}
