import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Download, FileWarning, ShoppingCart } from 'lucide-react';
import {
  BATCH_ROW_STATUSES,
  type BatchDto,
  type BatchRowDto,
  type BatchRowStatus,
} from '@postwise/shared/schemas/shipment-batches';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Card, CardContent } from '../../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { EMPTY_VALUE, money, plural, shortDate } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { downloadBatchLabels, useBatch, usePurchaseBatch } from '../api/batches-api';
import { BatchProgress, BatchRowStatusBadge, BatchStatusBadge, ROW_STATUS_TEXT } from '../components/batch-parts';
import { needsCard } from '../components/label-checkout';

const ALL = 'all';
const ROWS_PER_PAGE = 50;

function Figure({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: string | number;
  testId: string;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-0.5 rounded-card border p-3', className)}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** Where the server is: rating the rows, or buying them (bought and failed rows are done). */
function Progress({ batch }: { batch: BatchDto }) {
  const { counts } = batch;
  if (batch.status === 'rating') {
    return <BatchProgress label="Rating rows" done={counts.rows - counts.pending} total={counts.rows} />;
  }
  if (batch.status === 'purchasing') {
    const toBuy = counts.valid + counts.bought + counts.failed;
    return <BatchProgress label="Buying labels" done={counts.bought + counts.failed} total={toBuy} />;
  }
  return null;
}

function BuyDialog({
  batch,
  open,
  onOpenChange,
  pending,
  onBuy,
}: {
  batch: BatchDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onBuy: () => void;
}) {
  const count = batch.counts.valid;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`Buy ${plural(count, 'label')}?`}</DialogTitle>
          <DialogDescription>
            Each valid row is bought as its own label and charged on its own (shipping credit first, then your default
            card). Invalid rows are left out.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-2 rounded-card border bg-muted/40 p-3 text-sm">
          <dt className="text-muted-foreground">Labels</dt>
          <dd className="text-right font-medium tabular-nums">{count}</dd>
          <dt className="text-muted-foreground">Total</dt>
          <dd className="text-right text-base font-semibold tabular-nums" data-testid="batch-confirm-total">
            {money(batch.totalCents)}
          </dd>
        </dl>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="orange" loading={pending} onClick={onBuy} data-testid="batch-confirm-buy">
            <ShoppingCart aria-hidden="true" />
            {`Buy ${plural(count, 'label')} for ${money(batch.totalCents)}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const columns: DataTableColumn<BatchRowDto>[] = [
  {
    id: 'row',
    header: 'Row',
    phone: 'meta',
    phoneLabel: 'Row',
    cell: (r) => <span className="tabular-nums">{r.row}</span>,
  },
  { id: 'status', header: 'Status', phone: 'badge', cell: (r) => <BatchRowStatusBadge status={r.status} /> },
  {
    id: 'receiver',
    header: 'Receiver',
    phone: 'title',
    phoneCell: (r) => r.receiver?.name || `Row ${r.row}`,
    cell: (r) =>
      r.receiver ? (
        <div className="grid">
          <span>{r.receiver.name || EMPTY_VALUE}</span>
          <span className="text-xs text-muted-foreground">
            {`${r.receiver.city}${r.receiver.state ? `, ${r.receiver.state}` : ''} ${r.receiver.zipCode}`}
          </span>
        </div>
      ) : (
        EMPTY_VALUE
      ),
  },
  {
    id: 'reference',
    header: 'Reference',
    phone: 'meta',
    cell: (r) => <span className="break-all">{r.reference ?? EMPTY_VALUE}</span>,
  },
  {
    id: 'service',
    header: 'Service',
    phone: 'meta',
    phoneCell: (r) => r.carrierService ?? r.service ?? EMPTY_VALUE,
    cell: (r) => (
      <div className="grid">
        <span>{r.carrierService ?? EMPTY_VALUE}</span>
        <span className="text-xs text-muted-foreground">
          {r.service ? `${r.service}${r.expectedDeliveryDate ? ` · by ${shortDate(r.expectedDeliveryDate)}` : ''}` : ''}
        </span>
      </div>
    ),
  },
  {
    id: 'price',
    header: 'Price',
    phone: 'amount',
    phoneCell: (r) => (r.priceCents === null ? '' : money(r.priceCents)),
    cell: (r) => (
      <span className="font-semibold tabular-nums">{r.priceCents === null ? EMPTY_VALUE : money(r.priceCents)}</span>
    ),
  },
  {
    id: 'detail',
    header: 'Problems / tracking',
    phone: 'meta',
    phoneCell: (r) =>
      r.trackingNumber ??
      (Object.entries(r.errors)
        .map(([column, message]) => `${column}: ${message}`)
        .join('; ') ||
        r.message ||
        ''),
    cell: (r) => {
      const problems = Object.entries(r.errors);
      if (problems.length) {
        return (
          <ul className="grid gap-0.5 text-destructive" data-testid="batch-row-errors">
            {problems.map(([column, message]) => (
              <li key={column}>
                <span className="font-medium">{column}</span>: {message}
              </li>
            ))}
          </ul>
        );
      }
      if (r.message) return <span className="text-destructive">{r.message}</span>;
      if (r.shipmentId && r.trackingNumber) {
        return (
          <Link
            to={`/shipments/${r.shipmentId}/full`}
            className="font-mono text-xs text-primary underline-offset-4 hover:underline"
          >
            {r.trackingNumber}
          </Link>
        );
      }
      return EMPTY_VALUE;
    },
  },
];

/** /shipments/batches/{id}: a batch's rows with their problems or rates, buying the valid ones, and the labels. */
export function BatchPage() {
  const { id = '' } = useParams();
  const filterId = useId();
  const batch = useBatch(id);
  const [status, setStatus] = useState<BatchRowStatus | typeof ALL>(ALL);
  const [pageNo, setPageNo] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [cardDialog, setCardDialog] = useState(false);
  const purchase = usePurchaseBatch(id);
  const data = batch.data;

  // Buying starts once (the batch's own state); without a card to charge it asks for one, then starts.
  const buy = () =>
    purchase.mutate('card', {
      onSuccess: (started) => {
        showSuccess(`Buying ${plural(started.counts.valid, 'label')}`);
        setConfirming(false);
      },
      onError: (error) => {
        if (needsCard(error)) {
          setConfirming(false);
          setCardDialog(true);
          return;
        }
        showError(error);
      },
    });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadBatchLabels(id);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  const header = (
    <PageHeader
      title={data?.fileName ?? 'Batch'}
      description={
        data
          ? `Uploaded ${shortDate(data.createdAt)} · ships from ${data.sender.name}, ${data.sender.city}, ${data.sender.state}`
          : 'Loading the batch…'
      }
      actions={
        <LinkButton to="/shipments/batches" icon={ArrowLeft} variant="outline">
          Batches
        </LinkButton>
      }
    />
  );

  if (batch.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        {header}
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (batch.isError || !data) {
    return (
      <div className="grid gap-6">
        {header}
        <EmptyState
          icon={FileWarning}
          title="This batch could not be loaded"
          description={batch.error?.message}
          action={<Button onClick={() => void batch.refetch()}>Try again</Button>}
        />
      </div>
    );
  }

  const { counts } = data;
  const rows = status === ALL ? data.rows : data.rows.filter((r) => r.status === status);
  const pageRows = rows.slice((pageNo - 1) * ROWS_PER_PAGE, pageNo * ROWS_PER_PAGE);
  const canBuy = data.status === 'ready' && counts.valid > 0;

  return (
    <div className="grid gap-6">
      {header}
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="flex flex-wrap items-center gap-2">
            <BatchStatusBadge status={data.status} />
            <span className="text-sm text-muted-foreground" role="status" data-testid="batch-summary">
              {`${counts.valid + counts.bought + counts.failed} valid · ${counts.invalid} invalid`}
            </span>
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Figure label="Rows" value={counts.rows} testId="batch-count-rows" />
            <Figure label="Valid" value={counts.valid + counts.bought + counts.failed} testId="batch-count-valid" />
            <Figure label="Invalid" value={counts.invalid} testId="batch-count-invalid" />
            <Figure label="Bought" value={counts.bought} testId="batch-count-bought" />
            <Figure
              label={counts.bought ? 'Charged' : 'Total'}
              value={money(counts.bought ? data.boughtCents : data.totalCents)}
              testId="batch-total"
              className="col-span-2 sm:col-span-1"
            />
          </div>
          <Progress batch={data} />
          {counts.failed ? (
            <p className="text-sm text-destructive" role="alert">
              {`${plural(counts.failed, 'row')} could not be bought: see the reason on each.`}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {data.status === 'rating' || canBuy ? (
              <Button variant="orange" disabled={!canBuy} onClick={() => setConfirming(true)} data-testid="batch-buy">
                <ShoppingCart aria-hidden="true" />
                {data.status === 'rating'
                  ? 'Rating rows…'
                  : `Buy ${plural(counts.valid, 'label')} · ${money(data.totalCents)}`}
              </Button>
            ) : null}
            {counts.bought > 0 ? (
              <Button
                variant={data.status === 'completed' ? 'default' : 'outline'}
                loading={downloading}
                onClick={() => void download()}
                data-testid="batch-download"
              >
                <Download aria-hidden="true" />
                Download labels (PDF)
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={filterId}>Show</Label>
        <Select
          value={status}
          onValueChange={(v) => {
            setStatus(v as BatchRowStatus | typeof ALL);
            setPageNo(1);
          }}
        >
          <SelectTrigger id={filterId} data-testid="batch-row-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{`All rows (${counts.rows})`}</SelectItem>
            {BATCH_ROW_STATUSES.filter((s) => counts[s] > 0).map((s) => (
              <SelectItem key={s} value={s}>{`${ROW_STATUS_TEXT[s]} (${counts[s]})`}</SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DataTable
        caption="Rows of the batch"
        columns={columns}
        rows={pageRows}
        getRowId={(r) => r.id}
        empty={{ icon: FileWarning, title: 'No row here', description: 'Choose another status to see its rows.' }}
        pagination={{ pageNo, pageSize: ROWS_PER_PAGE, total: rows.length, onPageChange: setPageNo }}
      />
      {canBuy ? (
        <BuyDialog
          batch={data}
          open={confirming}
          onOpenChange={setConfirming}
          pending={purchase.isPending}
          onBuy={buy}
        />
      ) : null}
      <EnterCardDetailsDialog open={cardDialog} onOpenChange={setCardDialog} onSaved={buy} />
    </div>
  );
}
