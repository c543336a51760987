import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Layers, Upload } from 'lucide-react';
import { BATCH_COLUMNS, BATCH_MAX_ROWS, type BatchSummaryDto } from '@postwise/shared/schemas/shipment-batches';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { PageWithHeader } from '../../../components/ui/page-header';
import { money, shortDate } from '../../../lib/format';
import { usePager } from '../../../lib/use-pager';
import { downloadBatchTemplate, useBatchPage, useUploadBatch } from '../api/batches-api';
import { BatchProgress, BatchStatusBadge } from '../components/batch-parts';
import { CsvFilePicker, CsvTemplate } from '../components/csv-template';

/** The upload: the template to download, one CSV to choose, then the batch's own page to follow its rating. */
function UploadCard() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadBatch(setProgress);

  const submit = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(file, { onSuccess: (batch) => void navigate(`/shipments/batches/${batch.id}`) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a batch</CardTitle>
        <CardDescription>
          {`A CSV with a header row and one shipment per row, up to ${BATCH_MAX_ROWS} rows. Every row ships from your default sender address; each is checked and rated with its service choice (cheapest or fastest), then you buy the valid ones together.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CsvTemplate columns={BATCH_COLUMNS} download={downloadBatchTemplate} />
        <CsvFilePicker
          file={file}
          onChange={(next) => {
            setFile(next);
            upload.reset();
          }}
          error={upload.isError ? upload.error.message : undefined}
          testId="batch-file"
        />
        {upload.isPending ? <BatchProgress label="Uploading" done={progress} total={100} /> : null}
        <div>
          <Button variant="orange" disabled={!file} loading={upload.isPending} onClick={submit}>
            <Upload aria-hidden="true" />
            Upload and rate
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** /shipments/batches: upload a CSV of shipments, and the batches uploaded before with their progress. */
export function BatchesPage() {
  const pager = usePager();
  const list = useBatchPage(pager.pageNo, pager.pageSize);

  const columns: DataTableColumn<BatchSummaryDto>[] = [
    {
      id: 'file',
      header: 'Batch',
      phone: 'title',
      phoneCell: (b) => b.fileName ?? 'Batch',
      cell: (b) => (
        <div className="grid">
          <Link
            to={`/shipments/batches/${b.id}`}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {b.fileName ?? 'Batch'}
          </Link>
          <span className="text-xs text-muted-foreground">{shortDate(b.createdAt)}</span>
        </div>
      ),
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (b) => <BatchStatusBadge status={b.status} /> },
    {
      id: 'rows',
      header: 'Rows',
      phone: 'meta',
      phoneCell: (b) => `${b.counts.rows} rows · ${b.counts.invalid} invalid`,
      cell: (b) => (
        <div className="grid text-sm">
          <span>{`${b.counts.rows} rows`}</span>
          <span className="text-xs text-muted-foreground">
            {`${b.counts.valid + b.counts.bought} valid · ${b.counts.invalid} invalid`}
          </span>
        </div>
      ),
    },
    {
      id: 'bought',
      header: 'Bought',
      phone: 'meta',
      phoneCell: (b) => `${b.counts.bought} bought`,
      cell: (b) => <span className="tabular-nums">{b.counts.bought}</span>,
    },
    {
      id: 'total',
      header: 'Total',
      phone: 'amount',
      phoneCell: (b) => money(b.boughtCents || b.totalCents),
      cell: (b) => <span className="font-semibold">{money(b.boughtCents || b.totalCents)}</span>,
    },
  ];

  return (
    <PageWithHeader
      title="Batches"
      description="Many labels at once: upload a CSV, check every row, buy the valid ones in one step and print them as one PDF."
      actions={
        <LinkButton to="/shipments" icon={ArrowLeft} variant="outline">
          Shipments
        </LinkButton>
      }
    >
      <UploadCard />
      <DataTable
        caption="Batches"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(b) => b.id}
        empty={{ icon: Layers, title: 'No batches yet', description: 'Upload a CSV to create your first batch.' }}
        rowLink={(b) => ({ to: `/shipments/batches/${b.id}`, label: `Open ${b.fileName ?? 'batch'}` })}
        pagination={list.data?.total ? pager.pagination({ total: list.data.total }) : undefined}
      />
    </PageWithHeader>
  );
}
