import { useId, useState } from 'react';
import { CheckCircle2, Banknote } from 'lucide-react';
import type { Payout } from '@postwise/shared/billing';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorText, showError, showSuccess } from '../../../lib/toast';
import { useApprovePayout, useMarkPayoutPaid } from '../api/payouts-api';
import { money, monthYear } from '../../../lib/format';

export function ApproveButton({ payout }: { payout: Payout }) {
  const approve = useApprovePayout();
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={approve.isPending}
      aria-label={`Approve the payout of ${payout.subAdmin.email} for ${monthYear(payout.periodStart)}`}
      onClick={() => approve.mutate(payout.id, { onSuccess: () => showSuccess('Payout approved'), onError: showError })}
    >
      <CheckCircle2 aria-hidden="true" />
      Approve
    </Button>
  );
}

/** Mark paid: asks for the payment's reference (bank transfer id, cheque number...). */
export function MarkPaidButton({ payout }: { payout: Payout }) {
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const paid = useMarkPayoutPaid();
  const inputId = useId();
  const errorId = useId();
  const submit = () => {
    if (!reference.trim()) {
      setError('Payment reference is required.');
      return;
    }
    paid.mutate(
      { id: payout.id, reference: reference.trim() },
      {
        onSuccess: () => {
          showSuccess('Payout marked paid');
          setOpen(false);
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Mark the payout of ${payout.subAdmin.email} for ${monthYear(payout.periodStart)} paid`}
        onClick={() => {
          setReference('');
          setError(null);
          setOpen(true);
        }}
      >
        <Banknote aria-hidden="true" />
        Mark paid
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Mark payout paid</DialogTitle>
            <DialogDescription>
              {money(payout.payoutCents)} to {payout.subAdmin.fullName || payout.subAdmin.email} for{' '}
              {monthYear(payout.periodStart)}. A paid statement cannot change again.
            </DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-1.5"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Label htmlFor={inputId}>Payment reference</Label>
            <Input
              id={inputId}
              value={reference}
              maxLength={100}
              placeholder="e.g. ACH-2026-11-0042"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setReference(e.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <DialogFooter className="mt-4">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={paid.isPending}>
                Mark paid
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
