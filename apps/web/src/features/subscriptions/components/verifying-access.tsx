import { ShieldCheck } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';

/** Verifying Access (spec 2.8) while the subscription of the signed-in user is checked. */
export function VerifyingAccess() {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="verifying-access"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        <ShieldCheck aria-hidden="true" className="size-7" />
      </span>
      <div className="grid gap-1">
        <p className="text-xl font-semibold">Verifying Access</p>
        <p className="text-sm text-muted-foreground">Checking your subscription status...</p>
      </div>
      <Spinner label={null} className="size-5 text-primary" />
    </div>
  );
}
