import { Link } from 'react-router';
import { Eye, ListChecks } from 'lucide-react';
import {
  MAIL_REQUEST_STATUSES,
  MAIL_REQUEST_TYPE_LABELS,
  MAIL_REQUEST_TYPES,
  type MailRequestStatus,
} from '@postwise/shared/mail';
import type { MailRequest } from '@postwise/shared/mail-api';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { age } from '../../../lib/format';
import { createListStore } from '../../../stores/create-list-store';
import { useMailRequests, type MailRequestFilters } from '../api/mailbox-admin';
import { kindText } from './item-status';
import { REQUEST_STATUS_LABELS, RequestStatusBadge } from './mailbox-status';
import { useListPage } from '../../../lib/use-list-page';
import { filterOptions, SelectFilter } from '../../../components/ui/select-filter';
import { StoreFilter } from './store-filter';
import { LinkButton } from '../../../components/ui/link-button';

/**
 * The queue's own paging and filters. The spec's mailbox-requests store keeps the application review's list;
 * the two tabs of /mailbox-requests must not reset each other's page.
 */
const store = createListStore<MailRequest, MailRequestFilters>('mailbox-requests-queue', { status: 'open' });

/** Every customer request across the operator's boxes, oldest first, filtered by type, status and store. */
export function MailRequestQueue() {
  const { list, filters, setFilters, pagination } = useListPage(
    store,
    useMailRequests,
    (p) => [p.pageNo, p.pageSize, p.filters] as const,
  );

  const columns: DataTableColumn<MailRequest>[] = [
    {
      id: 'type',
      header: 'Type',
      phone: 'title',
      phoneCell: (r) => `${MAIL_REQUEST_TYPE_LABELS[r.type]} · ${r.mailbox.pmb}`,
      cell: (r) => (
        <Link
          to={`/mailbox-requests/${r.id}?tab=mail`}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {MAIL_REQUEST_TYPE_LABELS[r.type]}
        </Link>
      ),
    },
    { id: 'pmb', header: 'PMB', cell: (r) => <span className="whitespace-nowrap">{r.mailbox.pmb}</span> },
    {
      id: 'customer',
      header: 'Customer',
      phone: 'meta',
      phoneCell: (r) => r.customer.fullName || r.customer.email,
      cell: (r) => (
        <div className="grid min-w-0">
          <span className="font-medium">{r.customer.fullName || r.customer.email}</span>
          <span className="text-xs text-muted-foreground">{r.mailbox.storeName}</span>
        </div>
      ),
    },
    {
      id: 'item',
      header: 'Item',
      phone: 'meta',
      phoneCell: (r) => `#${r.item.number}${r.itemIds.length > 1 ? ` +${r.itemIds.length - 1}` : ''}`,
      cell: (r) => (
        <span className="grid">
          <span>
            #{r.item.number} · {kindText(r.item.kind)}
            {r.itemIds.length > 1 ? ` +${r.itemIds.length - 1}` : ''}
          </span>
          <span className="text-xs text-muted-foreground">{r.item.sender}</span>
        </span>
      ),
    },
    {
      id: 'age',
      header: 'Age',
      phone: 'amount',
      phoneCell: (r) => <span className="font-normal text-muted-foreground">{age(r.ageSeconds)}</span>,
      cell: (r) => <span className="whitespace-nowrap tabular-nums">{age(r.ageSeconds)}</span>,
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (r) => <RequestStatusBadge status={r.status} /> },
  ];

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SelectFilter
          label="Type"
          className="sm:w-44"
          value={filters.type}
          onChange={(type) => setFilters({ type })}
          allLabel="All types"
          options={filterOptions(MAIL_REQUEST_TYPES, MAIL_REQUEST_TYPE_LABELS)}
          testId="request-type-filter"
        />
        <SelectFilter<MailRequestStatus | 'open'>
          label="Status"
          className="sm:w-52"
          value={filters.status ?? 'open'}
          onChange={(status) => setFilters({ status })}
          options={[
            { value: 'open', label: 'Open (to do)' },
            ...filterOptions(MAIL_REQUEST_STATUSES, REQUEST_STATUS_LABELS),
          ]}
          testId="request-status-filter"
        />
        <StoreFilter value={filters.storeId} onChange={(storeId) => setFilters({ storeId })} />
      </div>
      <DataTable
        caption="Mail requests, oldest first"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(r) => r.id}
        empty={{
          icon: ListChecks,
          title: filters.status === 'open' ? 'Nothing to do' : 'No requests here',
          description:
            filters.status === 'open' ? 'Scan, forward, pickup, shred and junk requests appear here.' : undefined,
        }}
        rowLink={(r) => ({
          to: `/mailbox-requests/${r.id}?tab=mail`,
          label: `Open the ${MAIL_REQUEST_TYPE_LABELS[r.type]} request for ${r.mailbox.pmb}`,
        })}
        rowActions={(r) => (
          <LinkButton
            to={`/mailbox-requests/${r.id}?tab=mail`}
            aria-label={`Open the ${MAIL_REQUEST_TYPE_LABELS[r.type]} request for ${r.mailbox.pmb}`}
            icon={Eye}
            variant="ghost"
            size="sm"
          >
            Open
          </LinkButton>
        )}
        pagination={pagination}
      />
    </div>
  );
}
