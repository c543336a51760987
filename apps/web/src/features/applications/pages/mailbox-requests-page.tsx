import { useId } from 'react';
import { Link } from 'react-router';
import { Eye, FileCheck2 } from 'lucide-react';
import type { ApplicationItem } from '@postwise/shared/admin';
import { StatusBadge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { Label } from '../../../components/ui/label';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { listStores } from '../../../stores/list-stores';
import { useUserStore } from '../../../stores/user-store';
import { useApplications } from '../api/applications';
import { EMPTY_VALUE, dateTime } from '../../../lib/format';
import { useListPage } from '../../../lib/use-list-page';
import { LinkButton } from '../../../components/ui/link-button';

const store = listStores.mailboxRequests;

/**
 * Mailbox Requests: the mailbox applications (USPS Form 1583) of the caller's customers, waiting for review by
 * default. Scan, forward and pickup requests on mail items come with the mail work.
 */
export function MailboxRequestsPage() {
  const statusId = useId();
  const isSuperAdmin = useUserStore((s) => s.user?.role.code === 'SUPER_ADMIN');
  const { list, filters, setFilters, pagination } = useListPage(
    store,
    useApplications,
    (p) =>
      [p.pageNo, p.pageSize, { ...p.filters, status: (p.filters.status as string | undefined) ?? 'pending' }] as const,
  );
  const status = (filters.status as string | undefined) ?? 'pending';

  const columns: DataTableColumn<ApplicationItem & { id: string }>[] = [
    {
      id: 'name',
      header: 'Applicant',
      phone: 'title',
      phoneCell: (a) => a.fullName || a.email,
      cell: (a) => (
        <div className="grid min-w-0 gap-0.5">
          <Link
            to={`/mailbox-requests/${a.userId}`}
            className="truncate font-semibold hover:text-primary hover:underline"
          >
            {a.fullName || a.email}
          </Link>
          <span className="truncate text-xs text-muted-foreground">{a.email}</span>
        </div>
      ),
    },
    {
      id: 'email',
      header: 'E-mail',
      phoneOnly: true,
      phone: 'meta',
      cell: (a) => (a.fullName ? a.email : null),
    },
    {
      id: 'type',
      header: 'Mailbox',
      phone: 'meta',
      cell: (a) => (a.mailboxType === 'business' ? 'Business' : 'Personal'),
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (a) => <StatusBadge status={a.status} /> },
    ...(isSuperAdmin
      ? [
          {
            id: 'owner',
            header: 'Owner',
            cell: (a: ApplicationItem) => a.parentUser?.fullName || a.parentUser?.email || EMPTY_VALUE,
          },
        ]
      : []),
    {
      id: 'submitted',
      header: 'Submitted',
      phone: 'meta',
      phoneCell: (a) => dateTime(a.submittedAt),
      cell: (a) => <span className="whitespace-nowrap">{dateTime(a.submittedAt)}</span>,
    },
  ];

  return (
    <PageWithHeader
      title="Mailbox Requests"
      description="Mailbox applications to review: the applicant, the signed contract and the IDs for USPS Form 1583."
    >
      <div className="grid gap-1.5 sm:w-52">
        <Label htmlFor={statusId}>Status</Label>
        <Select value={status} onValueChange={(v) => setFilters({ status: v })}>
          <SelectTrigger id={statusId} data-testid="application-status-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="pending">Waiting for review</SelectItem>
            <SelectItem value="rejected">Rejected</SelectItem>
            <SelectItem value="active">Approved</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <DataTable
        caption="Mailbox applications"
        columns={columns}
        rows={(list.data?.items ?? []).map((a) => ({ ...a, id: a.userId }))}
        getRowId={(a) => a.userId}
        loading={list.isPending}
        error={list.isError ? list.error.message : null}
        onRetry={() => void list.refetch()}
        empty={{
          icon: FileCheck2,
          title: status === 'pending' ? 'No applications waiting' : 'No applications here',
          description:
            status === 'pending' ? 'New mailbox applications appear here when customers submit their IDs.' : undefined,
        }}
        rowLink={(a) => ({
          to: `/mailbox-requests/${a.userId}`,
          label: `${a.status === 'pending' ? 'Review' : 'View'} ${a.fullName || a.email}`,
        })}
        rowActions={(a) => (
          <LinkButton
            to={`/mailbox-requests/${a.userId}`}
            aria-label={`Review ${a.fullName || a.email}`}
            icon={Eye}
            variant="ghost"
            size="sm"
          >
            {a.status === 'pending' ? 'Review' : 'View'}
          </LinkButton>
        )}
        pagination={pagination}
      />
    </PageWithHeader>
  );
}
