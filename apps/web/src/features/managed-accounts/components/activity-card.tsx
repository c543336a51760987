import { useState } from 'react';
import { History } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useActivity } from '../api/managed-accounts';
import { actionLabel } from './format';
import { dateTime } from '../../../lib/format';

const PAGE_SIZE = 5;

/** The account's activity from the audit log: who did what, as whom, when. */
export function ActivityCard({ userId }: { userId: string }) {
  const [pageNo, setPageNo] = useState(1);
  const activity = useActivity(userId, pageNo, PAGE_SIZE);
  const items = activity.data?.items ?? [];

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>Changes to this account and everything done while an admin accessed it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {activity.isPending ? (
          <SkeletonList count={3} className="grid gap-3" itemClassName="h-10" />
        ) : activity.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {activity.error.message}
          </p>
        ) : items.length === 0 ? (
          <EmptyState icon={History} title="No activity yet" className="py-6" />
        ) : (
          <ol className="grid gap-3" data-testid="activity-list">
            {items.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 border-l-2 border-primary/30 pl-3 text-sm">
                <span className="font-medium">{actionLabel(entry.action)}</span>
                <span className="text-muted-foreground">
                  {entry.actor ? `By ${entry.actor.fullName || entry.actor.email}` : 'By the system'}
                  {entry.actingAs ? ` as ${entry.actingAs.fullName || entry.actingAs.email}` : ''} ·{' '}
                  <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>
                </span>
              </li>
            ))}
          </ol>
        )}
        {activity.data && activity.data.total > PAGE_SIZE ? (
          <Pagination pageNo={pageNo} pageSize={PAGE_SIZE} total={activity.data.total} onPageChange={setPageNo} />
        ) : null}
      </CardContent>
    </Card>
  );
}
