import { useId, useState } from 'react';
import { Download, ShieldCheck } from 'lucide-react';
import {
  CERTIFICATION_DAY,
  ID_EXPIRY_ALERT_DAYS,
  type ClosedBox,
  type ExpiringId,
  quarterOf,
} from '@postwise/shared/compliance';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { Label } from '../../../components/ui/label';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SkeletonList } from '../../../components/ui/skeleton';
import { shortDate } from '../../../lib/format';
import { errorText, showError } from '../../../lib/toast';
import { useStoreOptions } from '../api/mailbox-admin';
import { downloadCrdExport, useClosedBoxes, useExpiringIds } from '../api/compliance';

/** The current quarter and the seven before it, newest first ("2026-Q4", "2026-Q3", ...). */
function recentQuarters(now: Date): string[] {
  const out: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    out.push(quarterOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i * 3, 1))));
  }
  return out;
}

const KIND_LABELS = { photo: 'Photo ID', address: 'Address ID' } as const;

function Loading() {
  return <SkeletonList count={2} className="grid gap-2" itemClassName="h-10" />;
}

/** /mailbox/compliance: what a CMRA files with USPS for one store: CRD export, closed boxes, IDs expiring soon. */
export function CompliancePage() {
  const storeLabel = useId();
  const quarterLabel = useId();
  const stores = useStoreOptions();
  const [chosen, setChosen] = useState<string | undefined>();
  const storeId = chosen ?? stores.data?.[0]?.id;
  const store = stores.data?.find((s) => s.id === storeId);
  const quarters = recentQuarters(new Date());
  const [quarter, setQuarter] = useState(quarters[0]!);
  const closed = useClosedBoxes(storeId, quarter);
  const expiring = useExpiringIds(storeId);
  const [exporting, setExporting] = useState(false);

  const exportCrd = async () => {
    if (!store) return;
    setExporting(true);
    try {
      await downloadCrdExport(store.id, store.name);
    } catch (error) {
      showError(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  const closedColumns: DataTableColumn<ClosedBox>[] = [
    { id: 'pmb', header: 'PMB', phone: 'title', phoneCell: (b) => `${b.pmb} · ${b.holderName}`, cell: (b) => b.pmb },
    { id: 'holder', header: 'Box holder', cell: (b) => b.holderName },
    { id: 'closed', header: 'Closed', phone: 'meta', cell: (b) => shortDate(b.closedAt) },
    {
      id: 'mail',
      header: 'Mail',
      phone: 'badge',
      cell: (b) =>
        b.mailStatus === 'hold' ? (
          <Badge variant="warning">Hold for holder</Badge>
        ) : (
          <Badge variant="neutral">Return to sender</Badge>
        ),
    },
    {
      id: 'onHand',
      header: 'On hand',
      phone: 'meta',
      cell: (b) => <span className="tabular-nums">{b.itemsOnHand}</span>,
    },
    {
      id: 'forwards',
      header: 'Forwards open',
      cell: (b) => <span className="tabular-nums">{b.forwardsOpen}</span>,
    },
  ];

  const today = new Date().toISOString().slice(0, 10);
  const expiringColumns: DataTableColumn<ExpiringId>[] = [
    {
      id: 'person',
      header: 'Person',
      phone: 'title',
      phoneCell: (i) => `${i.personName} · ${i.pmb ?? ''}`,
      cell: (i) => (
        <span className="grid">
          <span className="font-medium">{i.personName}</span>
          <span className="text-xs text-muted-foreground">
            {i.person === 'applicant' ? 'Applicant' : 'Authorized individual'} · {i.holderName}
          </span>
        </span>
      ),
    },
    { id: 'pmb', header: 'PMB', cell: (i) => i.pmb },
    { id: 'id', header: 'ID', phone: 'meta', cell: (i) => `${KIND_LABELS[i.kind]}: ${i.idType}` },
    {
      id: 'expires',
      header: 'Expires',
      phone: 'badge',
      cell: (i) =>
        i.expiresOn < today ? (
          <Badge variant="destructive">Expired {shortDate(i.expiresOn)}</Badge>
        ) : (
          <Badge variant="warning">{shortDate(i.expiresOn)}</Badge>
        ),
    },
  ];

  let body;
  if (stores.isPending) body = <Loading />;
  else if (stores.isError) body = <QueryErrorState query={stores} title="Could not load your stores" />;
  else if (!store)
    body = <EmptyState icon={ShieldCheck} title="No store yet" description="Add a store to open boxes." />;
  else
    body = (
      <>
        <Card>
          <CardHeader>
            <CardTitle>Customer registration data (CRD)</CardTitle>
            <CardDescription>
              One line per person on each box of {store.name}: PMB, name, addresses, both IDs with their numbers and
              expiry, the witness, and the dates opened and closed. Certify it with USPS every quarter, by Jan, Apr, Jul
              and Oct {CERTIFICATION_DAY}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => void exportCrd()} disabled={exporting} data-testid="crd-export">
              <Download aria-hidden="true" />
              {exporting ? 'Exporting…' : 'Export CRD (CSV)'}
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="sm:flex-row sm:items-end sm:justify-between">
            <div className="grid gap-1">
              <CardTitle>Closed boxes</CardTitle>
              <CardDescription>Boxes closed in the quarter and what happens to their mail.</CardDescription>
            </div>
            <div className="grid gap-1.5 sm:w-40">
              <Label htmlFor={quarterLabel}>Quarter</Label>
              <Select value={quarter} onValueChange={setQuarter}>
                <SelectTrigger id={quarterLabel} data-testid="quarter">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {quarters.map((q) => (
                    <SelectItem key={q} value={q}>
                      {q}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </CardHeader>
          <CardContent>
            <DataTable
              caption={`Boxes of ${store.name} closed in ${quarter}`}
              columns={closedColumns}
              rows={closed.data?.items ?? []}
              getRowId={(b) => b.mailboxId}
              loading={closed.isPending}
              error={closed.isError ? errorText(closed.error) : null}
              onRetry={() => void closed.refetch()}
              empty={{ title: 'No box closed', description: `No box of ${store.name} closed in ${quarter}.` }}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>IDs expiring soon</CardTitle>
            <CardDescription>
              IDs on open boxes that expire within {ID_EXPIRY_ALERT_DAYS} days or have expired. The customer and you are
              e-mailed once per ID.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <DataTable
              caption={`IDs expiring at ${store.name}`}
              columns={expiringColumns}
              rows={expiring.data ?? []}
              getRowId={(i) => i.id}
              loading={expiring.isPending}
              error={expiring.isError ? errorText(expiring.error) : null}
              onRetry={() => void expiring.refetch()}
              empty={{
                title: 'No ID expiring',
                description: `Every recorded ID is valid for the next ${ID_EXPIRY_ALERT_DAYS} days.`,
              }}
            />
          </CardContent>
        </Card>
      </>
    );

  return (
    <PageWithHeader
      title="Compliance"
      description="USPS compliance of your stores (CMRA): the customer registration export, closed boxes and IDs to renew."
      actions={
        stores.data && stores.data.length > 1 ? (
          <div className="grid gap-1.5 sm:w-56">
            <Label htmlFor={storeLabel}>Store</Label>
            <Select value={storeId ?? ''} onValueChange={setChosen}>
              <SelectTrigger id={storeLabel} data-testid="compliance-store">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {stores.data.map((s) => (
                  <SelectItem key={s.id} value={s.id}>
                    {s.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null
      }
    >
      {body}
    </PageWithHeader>
  );
}
