import { useRef, useState } from 'react';
import { ScanLine } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@postwise/shared/api-types';
import { EnterCardDetailsDialog } from '../../../components/payments/enter-card-details-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { money } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { errorText, showPlanOrCardToast } from '../../../lib/toast';
import { useUserStore } from '../../../stores/user-store';
import { buyScanPackage, mailKeys, useScanPackages } from '../api/mail-items';

/** No scans left: offer the scan packages (plans with validity topup; their scans never expire). */
export function ScanPackageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useUserStore((s) => s.user);
  const client = useQueryClient();
  const packages = useScanPackages(open);
  const [buying, setBuying] = useState<string | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const attempt = useRef<{ plan: string; key: string } | null>(null);

  const buy = async (planId: string) => {
    if (!user) return;
    if (attempt.current?.plan !== planId) attempt.current = { plan: planId, key: newIdempotencyKey() };
    setBuying(planId);
    try {
      await buyScanPackage({ plan: planId, user: user.id }, attempt.current.key);
      attempt.current = null;
      void client.invalidateQueries({ queryKey: mailKeys.all });
      void client.invalidateQueries({ queryKey: ['subscriptions'] });
      showPlanOrCardToast('Scan package added');
      onOpenChange(false);
    } catch (error) {
      const noCard =
        error instanceof ApiError &&
        (error.code === ERROR_CODES.NO_CUSTOMER_ID || error.code === ERROR_CODES.NO_DEFAULT_PAYMENT_METHOD);
      if (noCard) setCardOpen(true);
      else {
        attempt.current = null;
        showPlanOrCardToast(errorText(error), 'error');
      }
    } finally {
      setBuying(null);
    }
  };

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent data-testid="scan-package-dialog">
          <DialogHeader>
            <DialogTitle>No scans left</DialogTitle>
            <DialogDescription>
              Your plan&apos;s scans are used up. A scan package adds scans that never expire.
            </DialogDescription>
          </DialogHeader>
          {packages.isPending ? (
            <div className="grid gap-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : packages.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {packages.error.message}
            </p>
          ) : packages.data.length === 0 ? (
            <EmptyState
              icon={ScanLine}
              title="No scan packages offered"
              description="Ask your store about more scans."
            />
          ) : (
            <ul className="grid gap-2">
              {packages.data.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 rounded-card border p-3">
                  <div className="grid">
                    <span className="font-semibold">{p.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {p.scanCount} scans · {money(p.price)}
                    </span>
                  </div>
                  <Button variant="orange" size="sm" loading={buying === p.id} onClick={() => void buy(p.id)}>
                    Buy
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
      <EnterCardDetailsDialog
        open={cardOpen}
        onOpenChange={setCardOpen}
        onSaved={() => {
          if (attempt.current) void buy(attempt.current.plan);
        }}
      />
    </>
  );
}
