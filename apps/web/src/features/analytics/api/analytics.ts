import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary } from '@postwise/shared/schemas/analytics';
import { downloadBlob, get } from '../../../lib/api-client';

export interface Range {
  from: string;
  to: string;
}

/** The figures of a range (GET analytics/summary). */
export function useAnalyticsSummary(range: Range | null) {
  return useQuery({
    queryKey: ['analytics', 'summary', range],
    queryFn: () => get<AnalyticsSummary>('analytics/summary', { from: range?.from, to: range?.to }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The same figures as a CSV file (GET analytics/summary.csv). */
export function downloadAnalyticsCsv(range: Range) {
  return downloadBlob('analytics/summary.csv', `analytics-${range.from}-${range.to}.csv`, {
    from: range.from,
    to: range.to,
  });
}
