import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Eye, Users } from 'lucide-react';
import type { ManagedUserItem } from '@postwise/shared/admin';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import type { ListStore } from '../../../stores/create-list-store';
import type { ListEntity } from '../../../stores/list-stores';
import { useAccountList, type AccountKind } from '../api/managed-accounts';
import { SelectFilter, type FilterOption } from '../../../components/ui/select-filter';
import { SearchFilter } from './filters';
import { ACCOUNT_TYPE_LABEL, ROLE_LABEL } from './format';
import { EMPTY_VALUE, shortDate } from '../../../lib/format';
import { useListPage } from '../../../lib/use-list-page';
import { LinkButton } from '../../../components/ui/link-button';

type Row = ManagedUserItem & ListEntity;

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

function NameCell({ row, href }: { row: ManagedUserItem; href: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <Link to={href} className="truncate font-semibold text-foreground hover:text-primary hover:underline">
        {row.fullName || row.email}
      </Link>
      <span className="truncate text-xs text-muted-foreground">{row.email}</span>
    </div>
  );
}

export function AccountStatus({ row }: { row: Pick<ManagedUserItem, 'status' | 'invited'> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {row.invited ? <Badge variant="orange">Invited</Badge> : <StatusBadge status={row.status} />}
    </span>
  );
}

const column = {
  name: (detailPath: string): DataTableColumn<Row> => ({
    id: 'name',
    header: 'Name',
    phone: 'title',
    phoneCell: (r) => r.fullName || r.email,
    cell: (r) => <NameCell row={r} href={`${detailPath}/${r.id}`} />,
  }),
  email: {
    id: 'email',
    header: 'E-mail',
    phoneOnly: true,
    phone: 'meta',
    cell: (r) => (r.fullName ? r.email : null),
  } as DataTableColumn<Row>,
  status: {
    id: 'status',
    header: 'Status',
    phone: 'badge',
    cell: (r) => <AccountStatus row={r} />,
  } as DataTableColumn<Row>,
  accountType: {
    id: 'type',
    header: 'Account',
    phone: 'meta',
    phoneCell: (r) => (r.accountType ? ACCOUNT_TYPE_LABEL[r.accountType] : null),
    cell: (r) =>
      r.accountType ? ACCOUNT_TYPE_LABEL[r.accountType] : <span className="text-muted-foreground">Not chosen yet</span>,
  } as DataTableColumn<Row>,
  mailbox: {
    id: 'mailbox',
    header: 'Mailbox',
    cell: (r) =>
      r.profiles && r.profiles.mailbox !== 'none' ? (
        <StatusBadge status={r.profiles.mailbox} />
      ) : (
        <span className="text-muted-foreground">{EMPTY_VALUE}</span>
      ),
  } as DataTableColumn<Row>,
  owner: {
    id: 'owner',
    header: 'Owner',
    cell: (r) => r.parentUser?.fullName || r.parentUser?.email || EMPTY_VALUE,
  } as DataTableColumn<Row>,
  role: {
    id: 'role',
    header: 'Role',
    phone: 'meta',
    phoneCell: (r) => ROLE_LABEL[r.role],
    cell: (r) => <Badge variant={r.role === 'SUB_ADMIN' ? 'primary' : 'neutral'}>{ROLE_LABEL[r.role]}</Badge>,
  } as DataTableColumn<Row>,
  superSub: {
    id: 'super',
    header: 'Referrals',
    cell: (r) =>
      r.isSuperSubAdmin ? (
        <Badge variant="primary">Super sub-admin</Badge>
      ) : (
        <span className="text-muted-foreground">{EMPTY_VALUE}</span>
      ),
  } as DataTableColumn<Row>,
  customers: {
    id: 'customers',
    header: 'Customers',
    phone: 'meta',
    phoneCell: (r) =>
      r.customerCount == null ? null : `${r.customerCount} customer${r.customerCount === 1 ? '' : 's'}`,
    cell: (r) => r.customerCount ?? EMPTY_VALUE,
  } as DataTableColumn<Row>,
  stores: { id: 'stores', header: 'Stores', cell: (r) => r.storeCount ?? EMPTY_VALUE } as DataTableColumn<Row>,
  joined: {
    id: 'joined',
    header: 'Joined',
    cell: (r) => <span className="whitespace-nowrap">{shortDate(r.createdAt)}</span>,
  } as DataTableColumn<Row>,
};

export interface AccountsListProps {
  kind: AccountKind;
  store: ListStore<ListEntity>;
  /** Where a row's detail page lives, e.g. /customers. */
  detailPath: string;
  caption: string;
  showOwner?: boolean;
  /** Extra filters next to search and status, e.g. account type or role. */
  /** A second filter select beside Status: the list filter `name`, with "All" as no filter. */
  extraFilter?: { name: string; label: string; options: readonly FilterOption<string>[]; testId?: string };
  emptyTitle: string;
  emptyAction?: ReactNode;
}

/**
 * The shared paged list of accounts: search and filters in the query (the server filters and pages in SQL),
 * the list store of spec 3 for page, size, filters and entities, and the pager of spec 4.
 */
export function AccountsList({
  kind,
  store,
  detailPath,
  caption,
  showOwner = false,
  extraFilter,
  emptyTitle,
  emptyAction,
}: AccountsListProps) {
  const {
    list: query,
    pageNo,
    pageSize,
    filters,
    setPage,
    setPageSize,
    setFilters,
  } = useListPage(store, useAccountList, (p) => [kind, p] as const);
  const entities = store((s) => s.entities) as Row[];
  const totalRecords = store((s) => s.totalRecords);

  const onSearch = useCallback((search: string) => setFilters({ search: search || undefined }), [setFilters]);

  const columns: DataTableColumn<Row>[] =
    kind === 'sub-admins'
      ? [
          column.name(detailPath),
          column.email,
          column.status,
          column.superSub,
          column.customers,
          column.stores,
          column.joined,
        ]
      : kind === 'referred-clients'
        ? [column.name(detailPath), column.email, column.role, column.status, column.mailbox, column.joined]
        : [
            column.name(detailPath),
            column.email,
            column.status,
            column.accountType,
            column.mailbox,
            ...(showOwner ? [column.owner] : []),
            column.joined,
          ];

  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');
  const rows = query.data ? (query.data.items as Row[]) : entities;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchFilter value={(filters.search as string | undefined) ?? ''} onChange={onSearch} />
        <SelectFilter
          label="Status"
          className="sm:w-44"
          allLabel="All"
          value={filters.status as string | undefined}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters({ status })}
          testId="filter-status"
        />
        {extraFilter ? (
          <SelectFilter
            label={extraFilter.label}
            options={extraFilter.options}
            testId={extraFilter.testId}
            className="sm:w-44"
            allLabel="All"
            value={filters[extraFilter.name] as string | undefined}
            onChange={(value) => setFilters({ [extraFilter.name]: value })}
          />
        ) : null}
      </div>
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        loading={query.isPending}
        error={query.isError ? query.error.message : null}
        onRetry={() => void query.refetch()}
        empty={
          filtered
            ? { icon: Users, title: 'No results', description: 'Nothing matches these filters. Try another search.' }
            : { icon: Users, title: emptyTitle, action: emptyAction }
        }
        rowLink={(r) => ({ to: `${detailPath}/${r.id}`, label: `View ${r.fullName || r.email}` })}
        rowActions={(r) => (
          <LinkButton
            to={`${detailPath}/${r.id}`}
            aria-label={`View ${r.fullName || r.email}`}
            icon={Eye}
            variant="ghost"
            size="sm"
          >
            View
          </LinkButton>
        )}
        pagination={{
          pageNo,
          pageSize,
          total: query.data?.total ?? totalRecords,
          totalIsEstimate: query.data?.totalIsEstimate,
          onPageChange: setPage,
          onPageSizeChange: setPageSize,
        }}
      />
    </div>
  );
}
