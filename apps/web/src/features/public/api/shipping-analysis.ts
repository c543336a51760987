import type { AnalysisRowInput } from '@postwise/shared/schemas/shipping';
import type { AnalysisReportDto } from '@postwise/shared/shipping-api';
import { post, uploadFile } from '../../../lib/api-client';
import { useLightMutation } from '../../../lib/light-mutation';

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
