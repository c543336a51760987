import { useId, useState } from 'react';
import { Calculator, FileUp, RefreshCw, TrendingDown } from 'lucide-react';
import { analysisRowSchema } from '@postwise/shared/schemas/shipping';
import type { AnalysisReportDto } from '@postwise/shared/shipping-api';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { showError } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useAnalyseCsv, useAnalyseOne } from '../api/shipping-analysis';
import { EMPTY_VALUE, money } from '../../../lib/format';

const TEMPLATE =
  'fromZip,toZip,weight,length,width,height,paid\n90017,10001,4,12,10,8,38.50\n90017,98101,1.5,6,6,6,14.20\n';
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;
/** Bars drawn at most; the table lists every row. */
const CHART_ROWS = 12;

/**
 * What they paid vs our price per row, as plain bars (CSS widths, no chart library on a public page); the text
 * stays at its normal size on a phone, which a scaled SVG would not.
 */
function SavingChart({ report }: { report: AnalysisReportDto }) {
  const rows = report.rows.filter((r) => r.paidCents !== null && r.ourPriceCents !== null).slice(0, CHART_ROWS);
  if (rows.length === 0) return null;
  const max = Math.max(...rows.flatMap((r) => [r.paidCents!, r.ourPriceCents!]), 1);
  // The amount sits after the bar, so the longest bar leaves it 5rem.
  const width = (cents: number) => `calc(${Math.max(cents / max, 0.01)} * (100% - 5rem))`;
  return (
    <figure className="grid max-w-3xl gap-3">
      <div
        role="img"
        aria-label={`What you paid and our price for the first ${rows.length} shipments`}
        className="grid gap-3"
        data-testid="analysis-chart"
      >
        {rows.map((r) => (
          <div key={r.row} className="grid grid-cols-[3.5rem_1fr] items-center gap-x-3 gap-y-1 text-xs">
            <span className="row-span-2 text-muted-foreground">{`Row ${r.row}`}</span>
            <span className="flex items-center gap-2">
              <span className="h-3 rounded-sm bg-navy-200" style={{ width: width(r.paidCents!) }} />
              <span className="shrink-0">{money(r.paidCents)}</span>
            </span>
            <span className="flex items-center gap-2">
              <span className="h-3 rounded-sm bg-green" style={{ width: width(r.ourPriceCents!) }} />
              <span className="shrink-0 font-semibold">{money(r.ourPriceCents)}</span>
            </span>
          </div>
        ))}
      </div>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-navy-200" />
          What you paid
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-green" />
          Our price
        </span>
        {report.rows.length > rows.length ? <span>{`First ${rows.length} rows shown`}</span> : null}
      </figcaption>
    </figure>
  );
}

function Report({ report }: { report: AnalysisReportDto }) {
  const { totals } = report;
  return (
    <div className="grid gap-6" data-testid="analysis-report" aria-live="polite">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-card border bg-background p-4">
          <dt className="text-sm text-muted-foreground">You paid</dt>
          <dd className="text-xl font-bold">{money(totals.paidCents)}</dd>
        </div>
        <div className="rounded-card border bg-background p-4">
          <dt className="text-sm text-muted-foreground">With us</dt>
          <dd className="text-xl font-bold">{money(totals.ourPriceCents)}</dd>
        </div>
        <div className="rounded-card border border-green bg-green-soft p-4">
          <dt className="flex items-center gap-1.5 text-sm text-green-hover">
            <TrendingDown aria-hidden="true" className="size-4" />
            Total saving
          </dt>
          <dd className="text-xl font-bold text-green-hover" data-testid="analysis-total-saving">
            {`${money(totals.savingCents)} (${totals.savingPercent}%)`}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">
        {`${report.rowCount} ${report.rowCount === 1 ? 'shipment' : 'shipments'} compared`}
        {report.errorCount ? `, ${report.errorCount} could not be read (see the rows below)` : ''}
        {report.truncated ? '. Only the first rows of a very large file were compared.' : '.'}
      </p>
      <SavingChart report={report} />
      <div className="overflow-x-auto rounded-card border bg-background">
        <table className="w-full min-w-[560px] text-sm">
          <caption className="sr-only">What each shipment cost and what it would cost with us</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                From → to
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Billable weight
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                You paid
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Our price
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Saving
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={r.row} className="border-t" data-testid="analysis-row">
                <td className="px-3 py-2">{r.row}</td>
                {r.error ? (
                  <td colSpan={5} className="px-3 py-2 text-destructive">
                    {r.error}
                  </td>
                ) : (
                  <>
                    <td className="px-3 py-2">
                      <span className="grid">
                        <span>{`${r.fromZip} → ${r.toZip}`}</span>
                        <span className="text-xs text-muted-foreground">
                          {r.carrier ? `${r.carrier} · ${r.service ?? ''}` : `Zone ${r.zone ?? EMPTY_VALUE}`}
                        </span>
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      {r.billableWeightLb === null ? EMPTY_VALUE : `${r.billableWeightLb} lb`}
                    </td>
                    <td className="px-3 py-2 text-right">{money(r.paidCents)}</td>
                    <td className="px-3 py-2 text-right font-semibold">{money(r.ourPriceCents)}</td>
                    <td className="px-3 py-2 text-right text-green-hover">{money(r.savingCents)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function CsvUpload({ onReport }: { onReport: (r: AnalysisReportDto) => void }) {
  const fileId = useId();
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const upload = useAnalyseCsv(setProgress);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setProgress(0);
    try {
      onReport(await upload.mutateAsync(file));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <div className="grid gap-2">
        <label htmlFor={fileId} className="text-sm font-medium">
          CSV of past shipments
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-medium file:text-primary"
          data-testid="analysis-file"
        />
        <p className="text-xs text-muted-foreground">
          Columns: fromZip, toZip, weight (lb), length, width, height (in), paid ($). Up to 5 MB.{' '}
          <a href={TEMPLATE_HREF} download="shipping-analysis-template.csv" className="text-primary underline">
            Download a template
          </a>
        </p>
      </div>
      {upload.isPending ? (
        <div className="grid gap-1" data-testid="analysis-progress">
          <ProgressBar value={progress} label="Upload progress" />
          <p className="text-xs text-muted-foreground">
            {progress < 100 ? `Uploading… ${progress}%` : 'Comparing your shipments…'}
          </p>
        </div>
      ) : null}
      <Button
        type="submit"
        className="justify-self-start"
        disabled={!file}
        loading={upload.isPending}
        data-testid="analysis-upload"
      >
        <FileUp aria-hidden="true" />
        Compare my shipments
      </Button>
    </form>
  );
}

const EMPTY_QUICK = { fromZip: '', toZip: '', weight: '', length: '', width: '', height: '', paid: '' };

function QuickQuote({ onReport }: { onReport: (r: AnalysisReportDto) => void }) {
  const [form, setForm] = useState(EMPTY_QUICK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const analyse = useAnalyseOne();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = analysisRowSchema.safeParse(form);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      onReport(await analyse.mutateAsync(form));
    } catch (error) {
      showError(error);
    }
  };
  const field = (key: keyof typeof EMPTY_QUICK, label: string, mode: 'numeric' | 'decimal') => (
    <FormField label={label} error={errors[key]}>
      <Input
        inputMode={mode}
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        data-testid={`analysis-${key}`}
      />
    </FormField>
  );
  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {field('fromZip', 'From ZIP', 'numeric')}
        {field('toZip', 'To ZIP', 'numeric')}
        {field('weight', 'Weight (lb)', 'decimal')}
        {field('paid', 'You paid ($)', 'decimal')}
        {field('length', 'Length (in)', 'decimal')}
        {field('width', 'Width (in)', 'decimal')}
        {field('height', 'Height (in)', 'decimal')}
      </div>
      <Button type="submit" className="justify-self-start" loading={analyse.isPending}>
        <Calculator aria-hidden="true" />
        Compare
      </Button>
    </form>
  );
}

/**
 * The free shipping-cost analysis (spec 1): a CSV of past shipments or one ZIP pair and package, compared with
 * our prices. Loaded only when opened, so the public pages stay within their JS budget.
 */
export function ShippingAnalysis() {
  const [mode, setMode] = useState<'csv' | 'one'>('csv');
  const [report, setReport] = useState<AnalysisReportDto | null>(null);
  return (
    <div className="grid gap-6 rounded-card border bg-background p-4 shadow-xs sm:p-6" data-testid="shipping-analysis">
      <div role="tablist" aria-label="How to compare" className="flex flex-wrap gap-2">
        {(
          [
            ['csv', 'Upload a CSV'],
            ['one', 'One shipment'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={mode === value}
            onClick={() => setMode(value)}
            className={cn(
              'rounded-full border px-4 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              mode === value ? 'border-primary bg-primary-soft text-primary' : 'hover:bg-muted',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {mode === 'csv' ? <CsvUpload onReport={setReport} /> : <QuickQuote onReport={setReport} />}
      </div>
      {report ? (
        report.rowCount === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <RefreshCw aria-hidden="true" className="size-4" />
            The file has no shipments to compare.
          </p>
        ) : (
          <Report report={report} />
        )
      ) : null}
    </div>
  );
}
