import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Eye, MailPlus, PackageOpen, Printer, Settings2 } from 'lucide-react';
import { isFinalStatus, MAIL_REQUEST_TYPE_LABELS } from '@postwise/shared/mail';
import type { MailItem } from '@postwise/shared/mail-api';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Card, CardContent } from '../../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { EMPTY_VALUE, money, shortDate } from '../../../lib/format';
import { listStores } from '../../../stores/list-stores';
import { useLabels, useMailbox, type LabelFilters } from '../api/mailbox-admin';
import { ItemStatusBadge, kindText } from '../components/item-status';
import { MailboxStatusBadge, mailboxPlace, RequestStatusBadge } from '../components/mailbox-status';
import { printLabel, ReceiveMailDialog } from '../components/receive-mail-dialog';
import { useListPage } from '../../../lib/use-list-page';
import { BackLink } from '../../../components/ui/back-link';
import { Unavailable } from '../components/unavailable';

const store = listStores.label;

/** /mailbox/{id}: one mailbox's items ("labels") with their status, fees and requests. */
export function MailboxLabelsPage() {
  const { id = '' } = useParams();
  const box = useMailbox(id);
  // The label list belongs to one mailbox: another box starts on page 1 (before the page answered is stored).
  const { reset } = store.getState();
  useEffect(() => reset(), [id, reset]);
  const { list: labels, pagination } = useListPage(
    store,
    useLabels,
    (p) => [id, p.pageNo, p.pageSize, p.filters as LabelFilters] as const,
  );
  const [receiving, setReceiving] = useState(false);

  if (box.isError) {
    return (
      <Unavailable
        title="Mailbox not available"
        text={box.error.message}
        back="/mailbox"
        backLabel="Back to mailboxes"
      />
    );
  }

  const columns: DataTableColumn<MailItem>[] = [
    {
      id: 'number',
      header: 'Item',
      phone: 'meta',
      phoneCell: (i) => `#${i.number} · ${shortDate(i.receivedAt)}`,
      cell: (i) => (
        <span className="grid">
          <span className="font-semibold">#{i.number}</span>
          <span className="text-xs whitespace-nowrap text-muted-foreground">{shortDate(i.receivedAt)}</span>
        </span>
      ),
    },
    {
      id: 'what',
      header: 'Kind and sender',
      phone: 'title',
      phoneCell: (i) => i.sender,
      cell: (i) => (
        <div className="grid">
          <span className="font-medium">{i.sender}</span>
          <span className="text-xs text-muted-foreground">
            {kindText(i.kind)}
            {i.weightLb !== null ? ` · ${i.weightLb} lb` : ''}
            {i.trackingNumber ? ` · ${i.carrier ?? ''} ${i.trackingNumber}` : ''}
          </span>
        </div>
      ),
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (i) => <ItemStatusBadge status={i.status} /> },
    {
      id: 'request',
      header: 'Request',
      phone: 'meta',
      phoneCell: (i) => (i.openRequest ? MAIL_REQUEST_TYPE_LABELS[i.openRequest.type] : null),
      cell: (i) =>
        i.openRequest ? (
          <Link to={`/mailbox-requests/${i.openRequest.id}?tab=mail`} className="grid gap-1 hover:underline">
            <span className="text-sm">{MAIL_REQUEST_TYPE_LABELS[i.openRequest.type]}</span>
            <RequestStatusBadge status={i.openRequest.status} />
          </Link>
        ) : (
          <span className="text-muted-foreground">{EMPTY_VALUE}</span>
        ),
    },
    {
      id: 'fees',
      header: 'Fees',
      phone: 'amount',
      phoneCell: (i) => money(i.feeAccruedCents),
      cell: (i) => (
        <span className="grid text-sm">
          <span className="tabular-nums">{money(i.feeAccruedCents)}</span>
          <span className="text-xs text-muted-foreground">
            {isFinalStatus(i.status)
              ? 'storage ended'
              : i.freeDaysLeft > 0
                ? `${i.freeDaysLeft} free ${i.freeDaysLeft === 1 ? 'day' : 'days'} left`
                : 'accruing daily'}
          </span>
        </span>
      ),
    },
  ];

  const b = box.data;
  return (
    <div className="grid gap-6">
      <BackLink to="/mailbox">Mailboxes</BackLink>
      <PageHeader
        title={b ? `${b.pmb} · ${b.holder.fullName}` : 'Labels'}
        description={b ? mailboxPlace(b) : undefined}
        actions={
          b ? (
            <Button variant="green" onClick={() => setReceiving(true)} data-testid="receive-mail">
              <MailPlus aria-hidden="true" />
              Receive mail
            </Button>
          ) : undefined
        }
      />
      {box.isPending ? (
        <Skeleton className="h-28" />
      ) : b ? (
        <Card>
          <CardContent className="grid gap-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-center">
            <address className="text-sm not-italic" data-testid="mailbox-address">
              {b.address.lines.map((l) => (
                <span key={l} className="block">
                  {l}
                </span>
              ))}
            </address>
            <MailboxStatusBadge status={b.status} withHint />
            <div className="grid text-sm">
              <span className="text-muted-foreground">On hand</span>
              <span className="font-semibold">{b.itemsOnHand}</span>
            </div>
            <div className="grid text-sm">
              <span className="text-muted-foreground">Fees so far</span>
              <span className="font-semibold">{money(b.feesAccruedCents)}</span>
            </div>
          </CardContent>
        </Card>
      ) : null}
      <DataTable
        caption="Items of this mailbox"
        columns={columns}
        {...tableQueryProps(labels)}
        getRowId={(i) => i.id}
        empty={{
          icon: PackageOpen,
          title: 'No mail logged yet',
          description: 'Items appear here when you receive mail for this box.',
        }}
        rowActions={(i) => (
          <>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void printLabel(i.id)}
              aria-label={`Print the label of item ${i.number}`}
            >
              <Printer aria-hidden="true" />
              Label
            </Button>
            {i.openRequest?.type === 'forward' &&
            (i.openRequest.status === 'requested' || i.openRequest.status === 'in_progress') ? (
              <LinkButton
                to={`/mailbox/${id}/select-services/${i.id}`}
                icon={Settings2}
                variant="ghost"
                size="sm"
                data-testid="select-services-link"
              >
                Services
              </LinkButton>
            ) : null}
            {i.openRequest ? (
              <LinkButton
                to={`/mailbox-requests/${i.openRequest.id}?tab=mail`}
                aria-label={`Open the request of item ${i.number}`}
                icon={Eye}
                variant="ghost"
                size="sm"
              >
                Request
              </LinkButton>
            ) : null}
          </>
        )}
        pagination={pagination}
      />
      {b ? <ReceiveMailDialog open={receiving} onOpenChange={setReceiving} mailbox={b} /> : null}
    </div>
  );
}
