import { useState } from 'react';
import { Power } from 'lucide-react';
import type { ManagedUserDetail } from '@postwise/shared/admin';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { showError, showSuccess } from '../../../lib/toast';
import { useUpdateAccount } from '../api/managed-accounts';

/** Activate or deactivate a managed account, after a confirmation that says what happens. */
export function StatusToggle({ kind, detail }: { kind: 'customers' | 'sub-admins'; detail: ManagedUserDetail }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateAccount(kind, detail.user.id);
  const active = detail.user.status === 'active';
  const name = detail.user.personal.fullName || detail.user.email;

  const confirm = () =>
    update.mutate(
      { status: active ? 'inactive' : 'active' },
      {
        onSuccess: () => {
          showSuccess(active ? `${name} deactivated` : `${name} activated`);
          setOpen(false);
        },
        onError: showError,
      },
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={active ? 'outline' : 'green'} data-testid="toggle-status">
          <Power aria-hidden="true" />
          {active ? 'Deactivate' : 'Activate'}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{active ? `Deactivate ${name}?` : `Activate ${name}?`}</DialogTitle>
          <DialogDescription>
            {active
              ? 'They are signed out at once and cannot sign in until the account is activated again. Nothing is deleted.'
              : 'They can sign in again with their password.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant={active ? 'destructive' : 'green'} loading={update.isPending} onClick={confirm}>
            {active ? 'Deactivate' : 'Activate'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
