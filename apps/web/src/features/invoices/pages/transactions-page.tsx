import { Link } from 'react-router';
import { ArrowLeftRight } from 'lucide-react';
import type { Transaction } from '@postwise/shared/billing';
import { StatusBadge } from '../../../components/ui/badge';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { PageHeader } from '../../../components/ui/page-header';
import { createListStore } from '../../../stores/create-list-store';
import { useUserStore } from '../../../stores/user-store';
import { useTransactions } from '../api/invoices-api';
import { EMPTY_VALUE, cardBrand, money, shortDate } from '../../../lib/format';
import { useListPage } from '../../../lib/use-list-page';
import { BackLink } from '../../../components/ui/back-link';

/** Paging of the transactions list (reset with the other list stores on logout). */
const store = createListStore<Transaction>('invoice-transactions');

/** Transactions (/invoices-billing/transactions): every charge and failed attempt in the invoices' scope. */
export function TransactionsPage() {
  const user = useUserStore((s) => s.user);
  const { list, pagination } = useListPage(store, useTransactions, (p) => ['billing', p.pageNo, p.pageSize] as const);
  const isAdmin = user?.role.code !== 'USER';

  const columns: DataTableColumn<Transaction>[] = [
    { id: 'date', header: 'Date', phone: 'meta', cell: (t) => shortDate(t.createdAt) },
    ...(isAdmin
      ? [
          {
            id: 'customer',
            header: 'Customer',
            phone: 'meta' as const,
            cell: (t: Transaction) => t.user.fullName || t.user.email,
          },
        ]
      : []),
    {
      id: 'description',
      header: 'Description',
      phone: 'title',
      phoneCell: (t) => t.description,
      cell: (t) => (
        <div className="grid">
          <span>{t.description}</span>
          {t.failureMessage ? <span className="text-xs text-destructive">{t.failureMessage}</span> : null}
        </div>
      ),
    },
    {
      id: 'invoice',
      header: 'Invoice',
      phone: 'meta',
      // On the card a declined charge says why instead of the (absent) invoice.
      phoneCell: (t) =>
        t.failureMessage ? <span className="text-destructive">{t.failureMessage}</span> : t.invoiceNumber,
      cell: (t) =>
        t.invoiceId && t.invoiceNumber ? (
          <Link
            to={`/invoices-billing/${t.invoiceId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t.invoiceNumber}
          </Link>
        ) : (
          EMPTY_VALUE
        ),
    },
    {
      id: 'card',
      header: 'Card',
      cell: (t) => (t.card ? `${cardBrand(t.card.brand)} •••• ${t.card.last4}` : EMPTY_VALUE),
    },
    {
      id: 'amount',
      header: 'Amount',
      phone: 'amount',
      cell: (t) => <span className="font-semibold">{money(t.amountCents)}</span>,
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (t) => <StatusBadge status={t.status} /> },
  ];

  return (
    <div className="grid gap-6">
      <BackLink to="/invoices-billing">Back to invoices</BackLink>
      <PageHeader title="Transactions" description="Every charge to a card, including the ones that were declined." />
      <DataTable
        caption="Transactions"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(t) => t.id}
        rowLink={(t) =>
          t.invoiceId
            ? { to: `/invoices-billing/${t.invoiceId}`, label: `Invoice ${t.invoiceNumber ?? ''}`.trim() }
            : null
        }
        empty={{ icon: ArrowLeftRight, title: 'No transactions yet', description: 'Payments appear here.' }}
        pagination={pagination}
      />
    </div>
  );
}
