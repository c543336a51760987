import type { AnalysisRowInput } from '@postwise/shared/schemas/shipping';
import { post, uploadFile } from '../../../lib/api-client';
import { useLightMutation } from '../../../lib/light-mutation';

/** One past shipment compared with our price (null fields when the row could not be read). */
export interface AnalysisRowDto {
  row: number;
  fromZip: string | null;
  toZip: string | null;
  zone: number | null;
  billableWeightLb: number | null;
  paidCents: number | null;
  ourPriceCents: number | null;
  retailCents: number | null;
  savingCents: number | null;
  carrier: string | null;
  service: string | null;
  error: string | null;
}

/** POST shipping-analysis: the report of the free shipping-cost analysis. */
export interface AnalysisReportDto {
  rows: AnalysisRowDto[];
  rowCount: number;
  errorCount: number;
  truncated: boolean;
  totals: { paidCents: number; ourPriceCents: number; savingCents: number; savingPercent: number };
}

/** A CSV of past shipments in 'media', with upload progress; anyone may send it (a 401 never logs out). */
export function useAnalyseCsv(onProgress: (percent: number) => void) {
  return useLightMutation((file: File) =>
    uploadFile<AnalysisReportDto>('shipping-analysis', file, onProgress, { skipSessionCheck: true }),
  );
}

/** One ZIP pair and package as JSON, for a quick comparison. */
export function useAnalyseOne() {
  return useLightMutation((body: AnalysisRowInput) =>
    post<AnalysisReportDto>('shipping-analysis', body, { skipSessionCheck: true }),
  );
}
