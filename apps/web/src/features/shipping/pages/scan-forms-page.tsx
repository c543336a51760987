import { useId, useState } from 'react';
import { AlertTriangle, ArrowLeft, Download, FileCheck2, ScanBarcode } from 'lucide-react';
import type { ScanFormDto, ScanFormEligibleGroupDto } from '@postwise/shared/schemas/scan-forms';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { DateFilter } from '../../../components/ui/date-filter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { EMPTY_VALUE, plural, shortDate } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { usePager } from '../../../lib/use-pager';
import { useUserStore } from '../../../stores/user-store';
import { platformToday } from '@postwise/shared/time-zones';
import { downloadScanForm, useCreateScanForm, useEligibleScanForms, useScanFormPage } from '../api/scan-forms-api';

type Address = ScanFormDto['fromAddress'];

/** "1855 Industrial St, Los Angeles, CA 90021" */
export function addressLine(a: Address): string {
  return [a.line1, a.line2, a.city, `${a.state} ${a.zipCode}`.trim()].filter(Boolean).join(', ');
}

function WaitingGroup({
  group,
  date,
  showCustomer,
}: {
  group: ScanFormEligibleGroupDto;
  date: string;
  showCustomer: boolean;
}) {
  const create = useCreateScanForm();
  const headingId = useId();
  const labelCount = group.shipments.length;
  const make = async () => {
    try {
      const form = await create.mutateAsync({ date, addressKey: group.addressKey });
      showSuccess(`SCAN form created for ${plural(form.packageCount, 'package')}`);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-card border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-start"
      data-testid="scan-form-group"
    >
      <div className="grid min-w-0 gap-1">
        <p id={headingId} className="font-semibold">
          {group.fromAddress.companyName || group.fromAddress.name}
        </p>
        <p className="text-sm break-words text-muted-foreground">{addressLine(group.fromAddress)}</p>
        {showCustomer && group.customer ? (
          <p className="text-sm text-muted-foreground">Customer: {group.customer.fullName || group.customer.email}</p>
        ) : null}
        <p className="text-sm">
          {group.carrier} · {plural(labelCount, 'label')} · {plural(group.packageCount, 'package')}
        </p>
        <details className="text-sm">
          <summary className="w-fit cursor-pointer text-primary underline-offset-4 hover:underline">
            Tracking numbers
          </summary>
          <ul className="mt-2 grid gap-1 font-mono text-xs break-all">
            {group.shipments.flatMap((s) =>
              s.trackingNumbers.map((n) => (
                <li key={n}>
                  {n} <span className="font-sans text-muted-foreground">to {s.receiverName}</span>
                </li>
              )),
            )}
          </ul>
        </details>
      </div>
      <Button
        variant="orange"
        className="w-full sm:w-auto"
        loading={create.isPending}
        onClick={() => void make()}
        aria-describedby={headingId}
      >
        <ScanBarcode aria-hidden="true" />
        Create SCAN form
      </Button>
    </li>
  );
}

function WaitingLabels({ showCustomer }: { showCustomer: boolean }) {
  const [date, setDate] = useState(() => platformToday());
  const eligible = useEligibleScanForms(date);
  const groups = eligible.data?.groups ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Labels waiting for a SCAN form</CardTitle>
        <CardDescription>
          USPS labels bought on the day (Los Angeles time), not voided and on no form yet: one form per from address.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DateFilter
          label="Ship date"
          className="max-w-60"
          value={date}
          max={platformToday()}
          onChange={setDate}
          testId="scan-form-date"
        />
        <div aria-live="polite" aria-busy={eligible.isFetching}>
          {eligible.isPending && eligible.fetchStatus !== 'idle' ? (
            <div className="grid gap-3" role="status" aria-label="Loading labels">
              <Skeleton className="h-28 w-full" />
              <Skeleton className="h-28 w-full" />
            </div>
          ) : eligible.isError ? (
            <div className="flex flex-col items-start gap-3 rounded-card border border-destructive/40 p-4 text-sm">
              <p className="flex items-center gap-2 text-destructive">
                <AlertTriangle aria-hidden="true" className="size-4" />
                {eligible.error.message}
              </p>
              <Button variant="outline" size="sm" onClick={() => void eligible.refetch()}>
                Try again
              </Button>
            </div>
          ) : groups.length === 0 ? (
            <EmptyState
              icon={FileCheck2}
              title="No labels waiting"
              description={`Every USPS label bought on ${shortDate(date)} is on a SCAN form, or none was bought.`}
              className="py-8"
            />
          ) : (
            <ul className="grid gap-3">
              {groups.map((g) => (
                <WaitingGroup key={g.addressKey} group={g} date={date} showCustomer={showCustomer} />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function CreatedForms({ showCustomer }: { showCustomer: boolean }) {
  const pager = usePager();
  const list = useScanFormPage(pager.pageNo, pager.pageSize);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (form: ScanFormDto) => {
    setDownloading(form.id);
    try {
      await downloadScanForm(form);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(null);
    }
  };

  const columns: DataTableColumn<ScanFormDto>[] = [
    {
      id: 'date',
      header: 'Ship date',
      phone: 'title',
      cell: (f) => <span className="font-medium whitespace-nowrap">{shortDate(f.shipDate)}</span>,
    },
    ...(showCustomer
      ? [
          {
            id: 'customer',
            header: 'Customer',
            phone: 'meta',
            cell: (f) => f.customer?.fullName || f.customer?.email || EMPTY_VALUE,
          } satisfies DataTableColumn<ScanFormDto>,
        ]
      : []),
    {
      id: 'from',
      header: 'From',
      phone: 'meta',
      phoneCell: (f) => `${f.fromAddress.line1}, ${f.fromAddress.city}`,
      cell: (f) => (
        <div className="grid">
          <span>{f.fromAddress.companyName || f.fromAddress.name}</span>
          <span className="text-xs text-muted-foreground">{addressLine(f.fromAddress)}</span>
        </div>
      ),
    },
    { id: 'carrier', header: 'Carrier', phone: 'hidden', cell: (f) => f.carrier },
    { id: 'packages', header: 'Packages', phone: 'meta', cell: (f) => plural(f.packageCount, 'package') },
    { id: 'status', header: 'Status', phone: 'badge', cell: (f) => <StatusBadge status={f.status} /> },
    {
      id: 'created',
      header: 'Created',
      phone: 'hidden',
      cell: (f) => <span className="whitespace-nowrap">{shortDate(f.createdAt)}</span>,
    },
  ];

  const downloadButton = (f: ScanFormDto) => (
    <Button
      variant="outline"
      size="sm"
      loading={downloading === f.id}
      onClick={() => void download(f)}
      aria-label={`Download the SCAN form of ${shortDate(f.shipDate)} from ${f.fromAddress.line1}`}
      data-testid="scan-form-download"
    >
      <Download aria-hidden="true" />
      Download
    </Button>
  );

  return (
    <section className="grid gap-3" aria-labelledby="scan-forms-created">
      <h2 id="scan-forms-created" className="text-base font-semibold">
        Created SCAN forms
      </h2>
      <DataTable
        caption="Created SCAN forms"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(f) => f.id}
        empty={{
          icon: ScanBarcode,
          title: 'No SCAN forms yet',
          description: 'Create one above and the carrier accepts all its labels with a single scan.',
        }}
        rowActions={downloadButton}
        phoneActions={downloadButton}
        pagination={pager.pagination(list.data)}
      />
    </section>
  );
}

/**
 * /shipments/scan-forms: a day's USPS labels per from address, one SCAN form (PS Form 5630 manifest) each, and the
 * forms made so far to download and hand to the carrier.
 */
export function ScanFormsPage() {
  // The super admin sees every customer's labels and forms, with whose each is.
  const isSuperAdmin = useUserStore((s) => s.user?.role.code === 'SUPER_ADMIN');
  return (
    <PageWithHeader
      title="SCAN forms"
      description="Hand the carrier one USPS SCAN form per address and day: one scan accepts every label on it."
      actions={
        <LinkButton to="/shipments" icon={ArrowLeft} variant="outline">
          Shipments
        </LinkButton>
      }
    >
      <WaitingLabels showCustomer={isSuperAdmin} />
      <CreatedForms showCustomer={isSuperAdmin} />
    </PageWithHeader>
  );
}
