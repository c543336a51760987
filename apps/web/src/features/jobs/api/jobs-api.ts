import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobItem, JobQueueCounts, JobQueueName, JobStateName } from '@postwise/shared/integrations';
import { get, getPage, post } from '../../../lib/api-client';

export const jobKeys = {
  all: ['jobs'] as const,
  summary: () => [...jobKeys.all, 'summary'] as const,
  list: (state: JobStateName, queue: JobQueueName | undefined, pageNo: number, pageSize: number) =>
    [...jobKeys.all, 'list', { state, queue, pageNo, pageSize }] as const,
};

export function useJobSummary() {
  return useQuery({ queryKey: jobKeys.summary(), queryFn: () => get<JobQueueCounts[]>('jobs/summary') });
}

export function useJobs(state: JobStateName, queue: JobQueueName | undefined, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: jobKeys.list(state, queue, pageNo, pageSize),
    queryFn: () => getPage<JobItem>('jobs', { pageNo, pageSize, query: { state, queue } }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<JobItem, 'id' | 'queue'>) =>
      post<JobItem>(`jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
