import { Link } from 'react-router';
import { AlertTriangle, ArrowRight, Package, PiggyBank, Truck } from 'lucide-react';
import { ShipmentStatusBadge } from '../../../components/shipping/shipment-status-badge';
import { CreateShipmentButton } from '../../../components/shipping/create-shipment-button';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { money, shortDate } from '../../../lib/format';
import { useShipmentSummary } from '../api/shipment-summary';

function Figure({
  icon: Icon,
  label,
  value,
  detail,
}: {
  icon: typeof Truck;
  label: string;
  value: string;
  detail?: string;
}) {
  return (
    <div className="grid gap-0.5 rounded-card bg-muted/50 p-3">
      <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </span>
      <span className="text-xl font-bold tabular-nums">{value}</span>
      {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
    </div>
  );
}

/** The shipping customer's home card: savings to date and the last five shipments, each linking to its details. */
export function ShippingOverview() {
  const summary = useShipmentSummary(true);

  return (
    <Card data-testid="shipping-overview">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="shipping-overview-title" className="flex items-center gap-2">
          <Truck aria-hidden="true" className="size-4 text-muted-foreground" />
          Your shipments
        </CardTitle>
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to="/shipments">
            All shipments
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {summary.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading your shipments">
            <div className="grid grid-cols-2 gap-3">
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
            </div>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : summary.isError ? (
          <QueryErrorState query={summary} icon={AlertTriangle} title="Could not load your shipments" retrySize="sm" />
        ) : summary.data.recent.length === 0 ? (
          <EmptyState
            icon={Package}
            title="No shipments yet"
            description="Labels you buy show up here with their status and what you saved."
            action={<CreateShipmentButton />}
          />
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3">
              <Figure
                icon={PiggyBank}
                label="Savings to date"
                value={money(summary.data.savingsCents)}
                detail="Against the carriers' list prices"
              />
              <Figure
                icon={Package}
                label="Labels bought"
                value={String(summary.data.count)}
                detail={`${money(summary.data.spentCents)} spent, voided labels not counted`}
              />
            </div>
            <div className="grid gap-2">
              <h4 className="text-sm font-semibold">Recent shipments</h4>
              <ul
                className="grid divide-y divide-border rounded-card border border-border"
                data-testid="recent-shipments"
              >
                {summary.data.recent.map((s) => (
                  <li
                    key={s.id}
                    className="relative grid gap-1 p-3 focus-within:bg-muted focus-within:outline-2 focus-within:-outline-offset-2 focus-within:outline-ring hover:bg-muted sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
                  >
                    <div className="grid min-w-0 gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <ShipmentStatusBadge status={s.status} />
                        <span className="text-sm font-medium">
                          {s.carrier} · {s.service}
                        </span>
                      </div>
                      <p className="truncate text-sm text-muted-foreground">
                        To {s.receiverName}, {s.receiverCity} {s.receiverState}
                      </p>
                    </div>
                    <div className="grid gap-0.5 text-sm sm:justify-items-end">
                      <Link
                        to={`/shipments/${s.id}`}
                        className="font-mono font-medium break-all text-primary after:absolute after:inset-0 focus-visible:outline-none"
                        aria-label={`Shipment ${s.trackingNumber ?? s.uniqueId} to ${s.receiverName}`}
                      >
                        {s.trackingNumber ?? s.uniqueId}
                      </Link>
                      <span className="text-xs text-muted-foreground">{shortDate(s.createdAt)}</span>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
