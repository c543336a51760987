import { StatusBadge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAccountSubscription } from '../api/managed-accounts';
import { DetailList } from './detail-list';
import { EMPTY_VALUE, money, shortDate } from '../../../lib/format';

/** The account's subscription (status, plan, period), as the billing work records it. */
export function SubscriptionCard({ userId }: { userId: string }) {
  const subscription = useAccountSubscription(userId);
  const s = subscription.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
      </CardHeader>
      <CardContent>
        {subscription.isPending ? (
          <Skeleton className="h-20" />
        ) : subscription.isError || !s ? (
          <p role="alert" className="text-sm text-destructive">
            {subscription.error?.message ?? 'Could not load the subscription'}
          </p>
        ) : (
          <DetailList
            items={[
              ['Status', <StatusBadge key="s" status={s.isExpired && s.status === 'active' ? 'expired' : s.status} />],
              ['Plan', s.plan ? `${s.plan.name} · ${money(s.plan.price)} / ${s.plan.validity}` : 'No plan'],
              ['Current period ends', shortDate(s.currentPeriodEnd)],
              ['Past due since', shortDate(s.enteredPastDueAt)],
              ['Scans left', s.status === 'active' ? String(s.scansRemaining) : EMPTY_VALUE],
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}
