import { useId, useState } from 'react';
import { ListRestart, RotateCw } from 'lucide-react';
import {
  JOB_QUEUE_LABELS,
  JOB_QUEUE_NAMES,
  JOB_STATE_LABELS,
  type JobItem,
  type JobQueueName,
  type JobStateName,
} from '@postwise/shared/integrations';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { Label } from '../../../components/ui/label';
import { PageWithHeader } from '../../../components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SkeletonList } from '../../../components/ui/skeleton';
import { dateTime, EMPTY_VALUE } from '../../../lib/format';
import { usePager } from '../../../lib/use-pager';
import { showError, showSuccess } from '../../../lib/toast';
import { useJobs, useJobSummary, useRetryJob } from '../api/jobs-api';
import { filterOptions, SelectFilter } from '../../../components/ui/select-filter';

const STATE_CHOICES: JobStateName[] = ['failed', 'retry', 'created', 'active', 'completed'];

const STATE_BADGE: Record<JobStateName, 'destructive' | 'warning' | 'primary' | 'success' | 'neutral'> = {
  failed: 'destructive',
  retry: 'warning',
  created: 'neutral',
  active: 'primary',
  completed: 'success',
  cancelled: 'neutral',
};

function QueueCounts() {
  const summary = useJobSummary();
  if (summary.isPending) {
    return (
      <SkeletonList count={2} className="grid gap-4 sm:grid-cols-2" itemClassName="h-28" label="Loading queue counts" />
    );
  }
  if (summary.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {summary.error.message}
      </p>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {summary.data.map((q) => (
        <Card key={q.queue} data-testid={`queue-${q.queue}`}>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">{JOB_QUEUE_LABELS[q.queue]}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-4 gap-2 text-sm">
              {(
                [
                  ['Waiting', q.waiting],
                  ['Retrying', q.retrying],
                  ['Failed', q.failed],
                  ['Done', q.completed],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="grid gap-0.5">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className={label === 'Failed' && value > 0 ? 'font-semibold text-destructive' : 'font-semibold'}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/**
 * Jobs (SUPER_ADMIN): the durable queue that sends e-mail, webhooks and pushes, and talks to carriers after a sale. A job whose retries ran out is
 * `Failed` (the dead letters); Retry gives it one more attempt now.
 */
export function JobsPage() {
  const stateId = useId();
  const [state, setState] = useState<JobStateName>('failed');
  const [queue, setQueue] = useState<JobQueueName | undefined>(undefined);
  const pager = usePager();
  const list = useJobs(state, queue, pager.pageNo, pager.pageSize);
  const retry = useRetryJob();

  const columns: DataTableColumn<JobItem>[] = [
    {
      id: 'summary',
      header: 'Job',
      phone: 'title',
      phoneCell: (j) => j.summary || JOB_QUEUE_LABELS[j.queue],
      cell: (j) => (
        <div className="grid max-w-md gap-1">
          <span className="font-medium break-words">{j.summary || EMPTY_VALUE}</span>
          <span className="text-xs text-muted-foreground">{JOB_QUEUE_LABELS[j.queue]}</span>
        </div>
      ),
    },
    {
      id: 'state',
      header: 'State',
      phone: 'badge',
      cell: (j) => <Badge variant={STATE_BADGE[j.state]}>{JOB_STATE_LABELS[j.state]}</Badge>,
    },
    {
      id: 'attempts',
      header: 'Attempts',
      phone: 'meta',
      phoneCell: (j) => `${j.attempts} attempt${j.attempts === 1 ? '' : 's'}`,
      cell: (j) => j.attempts,
    },
    {
      id: 'error',
      header: 'Last error',
      phone: 'meta',
      cell: (j) => <span className="line-clamp-2 max-w-sm break-words">{j.lastError ?? EMPTY_VALUE}</span>,
    },
    { id: 'created', header: 'Created', phone: 'meta', cell: (j) => dateTime(j.createdAt) },
    {
      id: 'next',
      header: state === 'failed' || state === 'completed' ? 'Finished' : 'Next attempt',
      phone: 'hidden',
      cell: (j) => (state === 'failed' || state === 'completed' ? dateTime(j.finishedAt) : dateTime(j.runAfter)),
    },
  ];

  return (
    <PageWithHeader
      title="Jobs"
      description="E-mails, webhook deliveries, pushes and carrier follow-ups waiting, retrying, or failed for good. Retry runs a failed one again now."
    >
      <QueueCounts />
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="grid gap-1.5 sm:w-52">
          <Label htmlFor={stateId}>State</Label>
          <Select
            value={state}
            onValueChange={(v) => {
              setState(v as JobStateName);
              pager.toFirstPage();
            }}
          >
            <SelectTrigger id={stateId} data-testid="job-state">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STATE_CHOICES.map((s) => (
                <SelectItem key={s} value={s}>
                  {JOB_STATE_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <SelectFilter
          label="Queue"
          className="sm:w-52"
          value={queue}
          onChange={(q) => {
            setQueue(q);
            pager.toFirstPage();
          }}
          allLabel="All queues"
          options={filterOptions(JOB_QUEUE_NAMES, JOB_QUEUE_LABELS)}
        />
      </div>
      <DataTable
        caption="Jobs"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(j) => j.id}
        empty={{
          icon: ListRestart,
          title: state === 'failed' ? 'Nothing failed' : `No ${JOB_STATE_LABELS[state].toLowerCase()} jobs`,
          description:
            state === 'failed'
              ? 'Every job went through or is still being retried.'
              : 'Choose another state to see other jobs.',
        }}
        rowActions={(j) =>
          j.state === 'failed' ? (
            <Button
              variant="outline"
              size="sm"
              loading={retry.isPending && retry.variables?.id === j.id}
              aria-label={`Retry ${j.summary || 'this job'}`}
              onClick={() =>
                retry.mutate(j, {
                  onSuccess: () => showSuccess('Job queued again'),
                  onError: showError,
                })
              }
            >
              <RotateCw aria-hidden="true" />
              Retry
            </Button>
          ) : null
        }
        pagination={pager.pagination(list.data)}
      />
    </PageWithHeader>
  );
}
