import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, MailPlus, Mailbox, ShieldCheck } from 'lucide-react';
import type { MailboxSummary } from '@postwise/shared/mail-api';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { SearchField } from '../../../components/ui/search-field';
import { PageWithHeader } from '../../../components/ui/page-header';
import { money } from '../../../lib/format';
import { listStores } from '../../../stores/list-stores';
import { useMailboxes, type MailboxFilters } from '../api/mailbox-admin';
import { MailboxStatusBadge, otherNames } from '../components/mailbox-status';
import { ReceiveMailDialog } from '../components/receive-mail-dialog';
import { useListPage } from '../../../lib/use-list-page';
import { SelectFilter } from '../../../components/ui/select-filter';
import { StoreFilter } from '../components/store-filter';

const store = listStores.mailbox;

/** /mailbox: every mailbox of the operator's stores, searchable by PMB or name, with "Receive mail". */
export function MailboxesPage() {
  const page = useListPage(store, useMailboxes, (p) => [p.pageNo, p.pageSize, p.filters as MailboxFilters] as const, {
    search: true,
  });
  const { list, setFilters, searchText, setSearchText, pagination } = page;
  const filters = page.filters as MailboxFilters;
  const [receiving, setReceiving] = useState(false);

  const columns: DataTableColumn<MailboxSummary>[] = [
    {
      id: 'pmb',
      header: 'PMB',
      phone: 'title',
      phoneCell: (b) => `${b.pmb} · ${b.holder.fullName || b.holder.email}`,
      cell: (b) => (
        <Link to={`/mailbox/${b.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
          {b.pmb}
        </Link>
      ),
    },
    {
      id: 'holder',
      header: 'Box holder',
      cell: (b) => (
        <div className="grid min-w-0">
          <span className="font-medium">{b.holder.fullName || b.holder.email}</span>
          {otherNames(b).length ? (
            <span className="text-xs text-muted-foreground">Also: {otherNames(b).join(', ')}</span>
          ) : null}
        </div>
      ),
    },
    { id: 'store', header: 'Store', phone: 'meta', cell: (b) => b.store.name },
    {
      id: 'status',
      header: 'Status',
      phone: 'badge',
      phoneCell: (b) => <MailboxStatusBadge status={b.status} />,
      cell: (b) => (
        <span className="grid gap-1">
          <MailboxStatusBadge status={b.status} withHint={b.status !== 'active'} />
          {b.status === 'active' && !b.isApproved ? (
            <span className="text-xs text-warning">Form 1583 not approved</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'items',
      header: 'On hand',
      phone: 'meta',
      phoneCell: (b) => `${b.itemsOnHand} on hand`,
      cell: (b) => <span className="tabular-nums">{b.itemsOnHand}</span>,
    },
    {
      id: 'fees',
      header: 'Fees',
      phone: 'amount',
      cell: (b) => <span className="tabular-nums">{money(b.feesAccruedCents)}</span>,
    },
  ];

  return (
    <PageWithHeader
      title="Mailbox"
      description="Every mailbox of your stores: who holds it, what is on hand and the fees so far."
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <LinkButton to="/mailbox/compliance" icon={ShieldCheck} variant="outline" data-testid="compliance-link">
            Compliance
          </LinkButton>
          <Button variant="green" onClick={() => setReceiving(true)} data-testid="receive-mail">
            <MailPlus aria-hidden="true" />
            Receive mail
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchField
          placeholder="PMB number or name"
          className="sm:w-72"
          value={searchText}
          onChange={setSearchText}
          testId="mailbox-search"
        />
        <StoreFilter value={filters.storeId} onChange={(storeId) => setFilters({ storeId })} />
        <SelectFilter<NonNullable<MailboxFilters['status']>>
          label="Status"
          className="sm:w-44"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          allLabel="All statuses"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'cancelled', label: 'Cancelled' },
            { value: 'closed', label: 'Closed' },
          ]}
        />
      </div>
      <DataTable
        caption="Mailboxes"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(b) => b.id}
        empty={{
          icon: Mailbox,
          title: filters.search || filters.status || filters.storeId ? 'No mailbox matches' : 'No mailboxes yet',
          description: 'A mailbox opens when you approve a customer’s application.',
        }}
        rowLink={(b) => ({ to: `/mailbox/${b.id}`, label: `Labels of ${b.pmb}` })}
        rowActions={(b) => (
          <LinkButton to={`/mailbox/${b.id}`} icon={Eye} variant="ghost" size="sm" aria-label={`Labels of ${b.pmb}`}>
            Labels
          </LinkButton>
        )}
        pagination={pagination}
      />
      <ReceiveMailDialog open={receiving} onOpenChange={setReceiving} />
    </PageWithHeader>
  );
}
