import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, Wallet } from 'lucide-react';
import type { Payout, PayoutStatus } from '@postwise/shared/billing';
import { DateFilter } from '../../../components/ui/date-filter';
import { personColumn } from '../../../components/person-column';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { LinkButton } from '../../../components/ui/link-button';
import { tableQueryProps } from '../../../components/ui/table-query';
import { PageWithHeader } from '../../../components/ui/page-header';
import { usePayoutList, useSubAdminChoices } from '../api/payouts-api';
import { MarkPaidButton, ApproveButton } from '../components/payout-actions';
import { PayoutStatusBadge } from '../components/payout-format';
import { money, monthYear } from '../../../lib/format';
import { usePager } from '../../../lib/use-pager';
import { SelectFilter } from '../../../components/ui/select-filter';

const STATUSES: PayoutStatus[] = ['pending', 'approved', 'paid'];

/** The payouts table: a sub-admin's own (/payouts) or, for the super admin, every sub-admin's with filters. */
function PayoutList({ manage }: { manage: boolean }) {
  const { pageNo, pageSize, toFirstPage, pagination } = usePager();
  const [status, setStatus] = useState<PayoutStatus | undefined>(undefined);
  const [period, setPeriod] = useState('');
  const [subAdminId, setSubAdminId] = useState<string | undefined>(undefined);
  const list = usePayoutList(pageNo, pageSize, {
    status,
    subAdminId,
    period: /^\d{4}-\d{2}$/.test(period) ? period : undefined,
  });
  const subAdmins = useSubAdminChoices(manage);
  // A new filter starts again at page 1 (spec 4).
  const filterBy =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      toFirstPage();
    };

  const columns: DataTableColumn<Payout>[] = [
    {
      id: 'period',
      header: 'Period',
      phone: 'title',
      phoneCell: (p) => monthYear(p.periodStart),
      cell: (p) => (
        <Link to={`/payouts/${p.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
          {monthYear(p.periodStart)}
        </Link>
      ),
    },
    ...(manage
      ? [personColumn<Payout>({ id: 'subAdmin', header: 'Sub-admin', person: (p) => p.subAdmin, strong: true })]
      : []),
    { id: 'gross', header: 'Gross', phone: 'meta', phoneLabel: 'Gross', cell: (p) => money(p.grossCents) },
    { id: 'fees', header: 'Fees', cell: (p) => money(p.providerFeeCents + p.refundCents) },
    { id: 'share', header: 'Platform share', cell: (p) => money(p.platformShareCents) },
    {
      id: 'payout',
      header: 'Payout',
      phone: 'amount',
      cell: (p) => <span className="font-semibold">{money(p.payoutCents)}</span>,
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (p) => <PayoutStatusBadge status={p.status} /> },
  ];

  return (
    <PageWithHeader
      title={manage ? 'Sub Admin Payouts' : 'Payouts'}
      description={
        manage
          ? 'What the platform owes each sub-admin per month: approve statements and mark them paid.'
          : 'What the platform collected from your customers each month, less refunds, fees and the platform share.'
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectFilter
          label="Status"
          className="sm:w-44"
          value={status}
          onChange={filterBy(setStatus)}
          allLabel="All"
          options={STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
          testId="payout-status-filter"
        />
        <DateFilter label="Period" type="month" className="sm:w-44" value={period} onChange={filterBy(setPeriod)} />
        {manage ? (
          <SelectFilter
            label="Sub-admin"
            className="sm:w-64"
            value={subAdminId}
            onChange={filterBy(setSubAdminId)}
            allLabel="All sub-admins"
            options={(subAdmins.data?.items ?? []).map((a) => ({ value: a.id, label: a.fullName || a.email }))}
            testId="payout-sub-admin-filter"
          />
        ) : null}
      </div>
      <DataTable
        caption="Payouts"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(p) => p.id}
        empty={{
          icon: Wallet,
          title: 'No payouts yet',
          description: 'A payout statement is written for each month when the month closes.',
        }}
        rowLink={(p) => ({
          to: `/payouts/${p.id}`,
          label: manage
            ? `View the payout of ${p.subAdmin.email} for ${monthYear(p.periodStart)}`
            : `View the payout for ${monthYear(p.periodStart)}`,
        })}
        phoneActions={(p) =>
          manage && p.status === 'pending' ? (
            <ApproveButton payout={p} />
          ) : manage && p.status === 'approved' ? (
            <MarkPaidButton payout={p} />
          ) : null
        }
        rowActions={(p) => (
          <>
            <LinkButton
              to={`/payouts/${p.id}`}
              icon={Eye}
              variant="ghost"
              size="sm"
              aria-label={
                manage
                  ? `View the payout of ${p.subAdmin.email} for ${monthYear(p.periodStart)}`
                  : `View the payout for ${monthYear(p.periodStart)}`
              }
            >
              View
            </LinkButton>
            {manage && p.status === 'pending' ? <ApproveButton payout={p} /> : null}
            {manage && p.status === 'approved' ? <MarkPaidButton payout={p} /> : null}
          </>
        )}
        pagination={pagination(list.data)}
      />
    </PageWithHeader>
  );
}

/** Payouts (/payouts, SUB_ADMIN): the sub-admin's own monthly statements. */
export function PayoutsPage() {
  return <PayoutList manage={false} />;
}

/** Sub Admin Payouts (/sub-admins/payouts, SUPER_ADMIN): every sub-admin's payouts, approve and mark paid. */
export function SubAdminPayoutsPage() {
  return <PayoutList manage />;
}
